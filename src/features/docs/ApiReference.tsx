import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JsonSchema, OpenApiDocument, OperationObject } from '../../api/openapiModel';
import { PageHeader } from '../../ui/PageHeader';
import { Button, buttonClasses } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { maskKey } from '../../ui/maskKey';
import { CodeSample, codeVariant, type CodeVariant } from '../../ui/CodeSample';
import { DOC_SNIPPETS, type DocCall } from './docSnippets';
import {
  anchorOf,
  bodySchema,
  callbackOperation,
  fieldRows,
  platformGroups,
  requestExample,
  responseExamples,
  taskOperations,
  type FieldRow,
  type Operation,
} from './reference';
import styles from './DocsPage.module.css';

/** What a visitor without a key sees (and copies) in place of one. */
const KEY_PLACEHOLDER = 'YOUR_API_KEY';

export interface ApiReferenceProps {
  document: OpenApiDocument;
  /** The task API's host, as this build calls it. */
  baseUrl: string;
  /** Whose key the examples carry: null when signed out (or still being found out). */
  account: { apiKey: string } | null;
  /** The session is still being checked. */
  resolving: boolean;
  /** Demo mode: the calls are answered inside this tab only. */
  demo: boolean;
  onSignIn: () => void;
  onSignUp: () => void;
}

/** Text from the document: paragraphs split on blank lines, `code` in backticks. */
function Prose({ text, className }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className={className ?? styles.text}>
          <InlineCode text={paragraph} />
        </p>
      ))}
    </>
  );
}

function InlineCode({ text }: { text: string }) {
  return <>{text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>))}</>;
}

/**
 * The description without its note on why the call was added to the platform's list: the document keeps it
 * for the platform's developers; to a developer calling the task API it says nothing.
 */
function withoutAddition(operation: OperationObject): string | undefined {
  const addition = operation['x-addition'];
  if (!operation.description || !addition) return operation.description;
  return operation.description
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph !== `Addition: ${addition}.`)
    .join('\n\n');
}

function MethodBadge({ method }: { method: string }) {
  return (
    <span className={styles.method} data-method={method}>
      {method}
    </span>
  );
}

function Constraints({ row }: { row: FieldRow }) {
  const { t } = useLingui();
  const notes: string[] = [];
  if (row.minimum !== undefined && row.maximum !== undefined) {
    const [min, max] = [row.minimum, row.maximum];
    notes.push(t`From ${min} to ${max}.`);
  } else if (row.minimum !== undefined) {
    const min = row.minimum;
    notes.push(t`At least ${min}.`);
  } else if (row.maximum !== undefined) {
    const max = row.maximum;
    notes.push(t`At most ${max}.`);
  }
  if (row.maxLength !== undefined) {
    const max = row.maxLength;
    notes.push(t`At most ${max} characters.`);
  } else if (row.minLength === 1) notes.push(t`Not empty.`);
  if (row.maxItems !== undefined) {
    const max = row.maxItems;
    notes.push(t`At most ${max} items.`);
  }
  if (row.defaultValue !== undefined) {
    const value = JSON.stringify(row.defaultValue);
    notes.push(t`Default: ${value}.`);
  }
  if (notes.length === 0 && row.enumValues.length === 0) return null;
  return (
    <>
      {notes.length ? <span className={styles.constraints}>{notes.join(' ')}</span> : null}
      {row.enumValues.length ? (
        <span className={styles.values}>
          <Trans>One of:</Trans>{' '}
          {row.enumValues.map((value, index) => (
            <Fragment key={String(value)}>
              {index > 0 ? ' ' : null}
              <code>{typeof value === 'string' ? JSON.stringify(value) : value}</code>
            </Fragment>
          ))}
        </span>
      ) : null}
    </>
  );
}

/** A nested field's name: its parents small above it, so long paths stay readable in a narrow column. */
function FieldName({ name }: { name: string }) {
  const cut = name.lastIndexOf('.');
  return (
    <code className={styles.name}>
      {cut > 0 ? <span className={styles.parent}>{name.slice(0, cut + 1)}</span> : null}
      {name.slice(cut + 1)}
    </code>
  );
}

function FieldTable({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.fieldColumn}>
              <Trans>Field</Trans>
            </th>
            <th scope="col">
              <Trans>Details</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className={styles.fieldName} data-depth={Math.min(row.depth, 4)}>
                <FieldName name={row.name} />
                <span className={styles.typeLine}>
                  <code className={styles.type}>{row.type}</code>
                  {row.required ? (
                    <span className={styles.required}>
                      <Trans>required</Trans>
                    </span>
                  ) : null}
                </span>
              </th>
              <td className={styles.description}>
                {row.description ? <InlineCode text={row.description} /> : null} <Constraints row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CodesTable({ operation }: { operation: OperationObject }) {
  const { t } = useLingui();
  const codes = operation['x-codes'] ?? [];
  const summary = operation.summary;
  if (codes.length === 0) return null;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t`Result codes of ${summary}`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Result code</Trans>
            </th>
            <th scope="col">
              <Trans>Meaning</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map(({ code, description }) => (
            <tr key={code}>
              <th scope="row" className={styles.code}>
                <code>{code}</code>
              </th>
              <td className={styles.description}>{description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JsonExamples({ examples, label }: { examples: Array<{ summary?: string; value: unknown }>; label: string }) {
  return (
    <div className={styles.examples}>
      {examples.map((example, index) => (
        <figure key={example.summary ?? index} className={styles.example}>
          {example.summary ? <figcaption className={styles.exampleCaption}>{example.summary}</figcaption> : null}
          <pre className={styles.json} tabIndex={0} aria-label={example.summary ? `${label}: ${example.summary}` : label}>
            <code>{JSON.stringify(example.value, null, 2)}</code>
          </pre>
        </figure>
      ))}
    </div>
  );
}

function codeVariants(call: DocCall, shownKey: string, realKey: string): CodeVariant[] {
  const keys = { shown: shownKey, real: realKey };
  return [
    codeVariant('curl', 'curl', (key) => DOC_SNIPPETS.curl(call, key), keys),
    codeVariant('javascript', 'JavaScript', (key) => DOC_SNIPPETS.javascript(call, key), keys),
    codeVariant('python', 'Python', (key) => DOC_SNIPPETS.python(call, key), keys),
  ];
}

interface Keys {
  shown: string;
  real: string;
  isReal: boolean;
}

function TaskOperation({ document, entry, baseUrl, keys }: { document: OpenApiDocument; entry: Operation; baseUrl: string; keys: Keys }) {
  const { t } = useLingui();
  const { method, path, operation } = entry;
  const id = anchorOf(operation);
  const body = bodySchema(operation.requestBody?.content);
  const requestRows = body ? fieldRows(document, body) : [];
  const parameters = operation.parameters ?? [];
  const responseSchema = bodySchema(operation.responses['200']?.content);
  const responseRows = responseSchema ? fieldRows(document, responseSchema) : [];
  const example = requestExample(operation);
  const call: DocCall = { method, baseUrl, path, query: example.query, ...(example.body === undefined ? {} : { body: example.body }) };
  const answers = responseExamples(operation);
  const summary = operation.summary;
  return (
    <article id={id} className={styles.operation} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.operationTitle}>
        {summary}
      </h3>
      <p className={styles.endpoint}>
        <MethodBadge method={method} /> <code>{path}</code>
      </p>
      <Prose text={withoutAddition(operation)} />
      {operation.callbacks ? (
        <p className={styles.text}>
          <Trans>
            When the task ends, the API also sends the <a href="#callback">callback</a> to <code>callBackUrl</code>.
          </Trans>
        </p>
      ) : null}

      <h4 className={styles.subheading}>
        <Trans>Request</Trans>
      </h4>
      {requestRows.length ? (
        <FieldTable rows={requestRows} caption={t`Request body of ${summary}`} />
      ) : parameters.length ? (
        <FieldTable
          rows={parameters.map((parameter) => ({
            name: parameter.name,
            depth: 0,
            type: typeof parameter.schema.type === 'string' ? parameter.schema.type : 'string',
            required: parameter.required === true,
            description: parameter.description ?? '',
            enumValues: parameter.schema.enum ?? [],
            ...(parameter.schema.minLength === undefined ? {} : { minLength: parameter.schema.minLength }),
          }))}
          caption={t`Query parameters of ${summary}`}
        />
      ) : (
        <p className={styles.muted}>
          <Trans>No parameters: the API key says whose account it is.</Trans>
        </p>
      )}
      {body ? (
        <p className={styles.muted}>
          <Trans>
            Sent as JSON (<code>Content-Type: application/json</code>).
          </Trans>
        </p>
      ) : parameters.length ? (
        <p className={styles.muted}>
          <Trans>Sent in the query string.</Trans>
        </p>
      ) : null}

      <h4 className={styles.subheading}>
        <Trans>Response</Trans>
      </h4>
      {responseRows.length ? <FieldTable rows={responseRows} caption={t`Response of ${summary}`} /> : null}

      <h4 className={styles.subheading}>
        <Trans>Result codes</Trans>
      </h4>
      <CodesTable operation={operation} />

      <h4 className={styles.subheading}>
        <Trans>Example</Trans>
      </h4>
      <CodeSample
        label={t`Example request for ${path}`}
        variants={codeVariants(call, keys.shown, keys.real)}
        copiesRealKey={keys.isReal}
        demoNote={false}
      />
      {answers.length ? <JsonExamples examples={answers} label={t`Example response of ${path}`} /> : null}
    </article>
  );
}

function KeyStatus({ account, resolving, onSignIn, onSignUp }: Pick<ApiReferenceProps, 'account' | 'resolving' | 'onSignIn' | 'onSignUp'>) {
  const placeholder = KEY_PLACEHOLDER;
  if (account?.apiKey) {
    const masked = maskKey(account.apiKey);
    return (
      <div className={styles.keyStatus} data-tone="success">
        <p className={styles.text}>
          <Trans>
            The examples use your API key, <code>{masked}</code>: masked on screen, complete in what you copy.
          </Trans>
        </p>
      </div>
    );
  }
  if (account) {
    return (
      <div className={styles.keyStatus}>
        <p className={styles.text}>
          <Trans>
            Your account has no API key yet: create one on the <Link href="/dashboard/api-keys">API keys</Link> page. Until then the examples show{' '}
            <code>{placeholder}</code>.
          </Trans>
        </p>
      </div>
    );
  }
  if (resolving) {
    return (
      <div className={styles.keyStatus}>
        <p className={styles.text} role="status">
          <Spinner size={14} /> <Trans>Checking your session…</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.keyStatus}>
      <p className={styles.text}>
        <Trans>
          Sign in to see the examples with your own API key. Until then they show <code>{placeholder}</code>.
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onSignIn}>
          <Trans>Sign in</Trans>
        </Button>
        <Button onClick={onSignUp}>
          <Trans>Create a free account</Trans>
        </Button>
      </div>
    </div>
  );
}

function downloadDocument(document: OpenApiDocument) {
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = globalThis.document.createElement('a');
  link.href = url;
  link.download = 'openapi.json';
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The API reference: the task API in full, the callback, the product API in brief. */
export function ApiReference({ document, baseUrl, account, resolving, demo, onSignIn, onSignUp }: ApiReferenceProps) {
  const { t } = useLingui();
  const tasks = taskOperations(document);
  const groups = platformGroups(document);
  const callback = callbackOperation(document);
  const callbackSchema: JsonSchema | undefined = callback ? bodySchema(callback.requestBody?.content) : undefined;
  const callbackExamples = callback ? Object.values(Object.values(callback.requestBody?.content ?? {})[0]?.examples ?? {}) : [];
  const apiKey = account?.apiKey ?? '';
  const keys: Keys = { shown: apiKey ? maskKey(apiKey) : KEY_PLACEHOLDER, real: apiKey || KEY_PLACEHOLDER, isReal: apiKey !== '' };
  const authHeader = `Authorization: Bearer ${keys.shown}`;

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={<Trans>Docs</Trans>}
        title={<Trans>API reference</Trans>}
        lead={
          <Trans>
            Make images from your own code: create a task with your API key, then read its result. Every call, field and code, with examples in curl,
            JavaScript and Python.
          </Trans>
        }
        actions={
          <>
            <Link href="/get-started" className={buttonClasses()}>
              <Trans>Quick start</Trans>
            </Link>
            <Link href="/playground/flux" className={buttonClasses()}>
              <Trans>Playground</Trans>
            </Link>
            <Button onClick={() => downloadDocument(document)}>
              <Trans>Download openapi.json</Trans>
            </Button>
          </>
        }
      />

      <div className={styles.layout}>
        <nav className={styles.toc} aria-label={t`On this page`}>
          <p className={styles.tocTitle} aria-hidden="true">
            <Trans>On this page</Trans>
          </p>
          <ul>
            <li>
              <a href="#authentication">
                <Trans>Authentication</Trans>
              </a>
            </li>
            <li>
              <a href="#task-api">
                <Trans>Task API</Trans>
              </a>
              <ul>
                {tasks.map(({ operation }) => (
                  <li key={operation.operationId}>
                    <a href={`#${anchorOf(operation)}`}>{operation.summary}</a>
                  </li>
                ))}
              </ul>
            </li>
            {callback ? (
              <li>
                <a href="#callback">
                  <Trans>Callback</Trans>
                </a>
              </li>
            ) : null}
            <li>
              <a href="#product-api">
                <Trans>Product API</Trans>
              </a>
            </li>
          </ul>
        </nav>

        <div className={styles.content}>
          <Section id="authentication" title={<Trans>Authentication</Trans>}>
            <p className={styles.text}>
              <Trans>
                Send your API key as a Bearer token in the <code>Authorization</code> header of every call. Anyone with the key can spend your
                credits: call the API from your server, never from a web page.
              </Trans>
            </p>
            <dl className={styles.facts}>
              <div>
                <dt>
                  <Trans>Base URL</Trans>
                </dt>
                <dd>
                  <code>{baseUrl}</code>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>HTTP header</Trans>
                </dt>
                <dd>
                  <code>{authHeader}</code>
                </dd>
              </div>
            </dl>
            <KeyStatus account={account} resolving={resolving} onSignIn={onSignIn} onSignUp={onSignUp} />
            <p className={styles.text}>
              <Trans>
                Every answer is HTTP 200 with a JSON envelope: <code>code</code> (200 means success, anything else is one of the codes listed for the
                call), <code>msg</code> (what happened, in words) and <code>data</code> (the result).
              </Trans>
            </p>
            {demo ? (
              <p className={styles.muted}>
                <Trans>
                  Demo mode: the API runs inside this browser tab, so these commands get no answer from a terminal. They work as they are against a
                  live API host; to try a call here, use the <Link href="/playground/flux">playground</Link>.
                </Trans>
              </p>
            ) : null}
          </Section>

          <Section id="task-api" title={<Trans>Task API</Trans>}>
            <p className={styles.text}>
              <Trans>
                Creating an image takes two calls: a generate call answers a task id at once, then record-info tells how the task is going until it
                ends. Field descriptions are the API’s own documentation, in English.
              </Trans>
            </p>
            {tasks.map((entry) => (
              <TaskOperation key={entry.operation.operationId} document={document} entry={entry} baseUrl={baseUrl} keys={keys} />
            ))}
          </Section>

          {callback ? (
            <Section id="callback" title={<Trans>Callback</Trans>}>
              <Prose text={callback.description} />
              {callbackSchema ? <FieldTable rows={fieldRows(document, callbackSchema)} caption={t`Callback body`} /> : null}
              {callbackExamples.length ? <JsonExamples examples={callbackExamples} label={t`Example callback`} /> : null}
            </Section>
          ) : null}

          <Section id="product-api" title={<Trans>Product API</Trans>}>
            <p className={styles.text}>
              <Trans>
                The calls behind this web app, made with the session of a signed-in user: the token that signing in answers, sent as is in the{' '}
                <code>authorization</code> header (sign-in calls need none). Listed for reference; the full schemas are in openapi.json.
              </Trans>
            </p>
            {groups.map((group) => (
              <div key={group.name} className={styles.group}>
                <h3 className={styles.groupTitle}>{group.name}</h3>
                {group.description ? <p className={styles.muted}>{group.description}</p> : null}
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <caption className="visually-hidden">{group.name}</caption>
                    <thead>
                      <tr>
                        <th scope="col" className={styles.callColumn}>
                          <Trans>Call</Trans>
                        </th>
                        <th scope="col">
                          <Trans>What it does</Trans>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {group.operations.map(({ method, path, operation }) => (
                        <tr key={`${method} ${path}`}>
                          <th scope="row" className={styles.call}>
                            <MethodBadge method={method} /> <code>{path}</code>
                          </th>
                          <td className={styles.description}>{operation.summary}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            ))}
          </Section>
        </div>
      </div>
    </div>
  );
}
