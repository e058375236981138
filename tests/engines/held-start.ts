import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The app's code (src/main.tsx's chunk): held, the page stays as the build wrote it, its start not yet run. */
const APP_CODE = /^\/assets\/main-[\w-]+\.js$/;

export interface HeldStart {
  /** The proxy's origin: a site of its own, so a visit there is a first visit. */
  origin: string;
  /** Lets the app's code through, and everything asked for after. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A proxy in front of the preview server that holds the app's code until released, as the Chromium tests' route
 * does (tests/e2e/prerender.spec.ts, holdAppCode): WebDriver has no way to hold a request in Firefox or WebKit.
 * Everything else passes through as the preview server sends it, headers included.
 */
export async function holdAppStart(target: string): Promise<HeldStart> {
  const upstream = new URL(target);
  let released = false;
  const waiting: Array<() => void> = [];
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const proxied = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  };
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://proxy.invalid').pathname;
    if (!released && APP_CODE.test(path)) waiting.push(() => forward(incoming, outgoing));
    else forward(incoming, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    release: () => {
      released = true;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
