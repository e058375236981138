import { TOKEN_COOKIE } from '../../services/sessionKeys';

/** A signed-in visitor's header differs from the prerendered (anonymous) one: its tools wait for the app. */
export function noteStoredSession(root: HTMLElement): void {
  if (new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=`).test(document.cookie)) root.dataset.session = 'stored';
}
