import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import type { OpenApiDocument } from '../../api/openapiModel';
import { config } from '../../config';
// The generated document itself (npm run openapi): only this page's chunk carries it.
import generated from '../../../openapi.json';
import { ApiReference } from './ApiReference';

// JSON imports widen every string literal ('query' to string); the file is what buildOpenApiDocument() returned
// (openapi.test.ts fails when it differs), so it is that type.
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- generated from the typed document, checked by a test
const apiDocument = generated as unknown as OpenApiDocument;

/** /docs: the API reference, with the signed-in user's key in its examples. */
export default function DocsPage() {
  const modal = useGlobalActor('loginModal');
  const user = useGlobalSelector('user', userSelectors.user);
  const resolving = useGlobalSelector('user', userSelectors.isResolving);

  return (
    <ApiReference
      document={apiDocument}
      baseUrl={config.generationApiBaseUrl}
      account={user ? { apiKey: user.apiKey } : null}
      resolving={resolving}
      demo={config.mode === 'demo'}
      onSignIn={() => modal.send({ type: 'OPEN', view: 'signIn' })}
      onSignUp={() => modal.send({ type: 'OPEN', view: 'signUp' })}
    />
  );
}
