// The yardstick of scripts/lighthouse.mjs: what Vite's react-ts template renders (a heading, a paragraph, a counter),
// with the repository's React, no images and no web fonts. A public page of the app may paint its largest element
// at most 1.1 times later than this page does under the same mobile profile.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './style.css';

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Vite + React</h1>
      <div className="card">
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          count is {count}
        </button>
        <p>
          Edit <code>src/App.tsx</code> and save to test HMR
        </p>
      </div>
      <p className="read-the-docs">Click on the Vite and React logos to learn more</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
