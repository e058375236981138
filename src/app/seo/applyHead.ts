import { headOf, type HeadInput } from './headTags';
import { headFor } from './pages';

/** Writes the page's head into document.head: updates the tags it finds, adds those missing, removes those it lacks. */
export function applyHead(input: HeadInput): void {
  const { title, tags } = headOf(input);
  // A hydrated page starts with only its body's messages, where the head's read as their ids: it keeps the head it
  // was prerendered with until the catalogue is in (its arrival applies the head again).
  if (title === headFor(input.path).title.id) return;
  document.title = title;
  for (const [attribute, key, value] of tags) {
    const link = attribute === 'rel';
    let element = document.head.querySelector(link ? `link[rel="${key}"]` : `meta[${attribute}="${key}"]`);
    if (value === null) {
      element?.remove();
      continue;
    }
    if (!element) {
      element = document.createElement(link ? 'link' : 'meta');
      element.setAttribute(attribute, key);
      document.head.append(element);
    }
    element.setAttribute(link ? 'href' : 'content', value);
  }
}
