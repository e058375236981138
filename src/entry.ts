/**
 * The page's script tag. A prerendered page is readable as it arrives, so its code (src/main.tsx, which hydrates
 * it) is fetched once the page has painted: on a slow connection the code does not compete with the markup and
 * styles the visitor is waiting for. Clicks on the page meanwhile are held and replayed (public/theme-boot.js).
 * A page that was not prerendered (the dev server) starts at once.
 */
import './styles/global.css';

const start = () => void import('./main');

if (document.documentElement.dataset.prerendered !== undefined) requestAnimationFrame(() => setTimeout(start, 0));
else start();
