/**
 * The states a service response goes through before code reads its body, as data: a fetch
 * `Response` whose `.json()` gives a promise of the body, an axios response whose `.data` is the
 * body, got's and ky's promises with `.json()`, the SDK's `{ ok, value }` results, a react-query
 * result whose `.data` is the body… The state `body` is the parsed JSON body itself, read through
 * the schema graph; `text` is the body as a string, which `JSON.parse` turns into `body`.
 *
 * A member names the state it leads to; `{ call: … }` is a method whose call gives that state
 * (`promise:body` is a promise of the body). `awaited` is what awaiting (or `.then`) gives for a
 * state that is itself a promise-like builder (got, ky, superagent).
 */
export interface ResponseStateModel {
  /** A member leads to a state; `call` is a method giving one (`body` its argument that is the request body); `emits` a method whose listener arguments get one (`res.on('data', (chunk) => …)`, jQuery's `.done(fn)`) and which gives the receiver back. */
  members?: Record<string, string | { call: string; body?: number } | { emits: string }>;
  awaited?: string;
  /** Whether the value may be the body itself too: each key is also read as the body's. */
  maybeBody?: true;
}

/** `.json()` and `.text()` of a promise-like builder (got, ky): promises of the body and of its text. */
const PARSERS: ResponseStateModel['members'] = { json: { call: 'promise:body' }, text: { call: 'promise:text' } };

export const RESPONSE_STATES: Record<string, ResponseStateModel> = {
  fetch: { members: { json: { call: 'promise:body' }, text: { call: 'promise:text' }, clone: { call: 'fetch' } } },
  /** ofetch's `raw`: a Response whose `_data` is already parsed. */
  'fetch-parsed': { members: { _data: 'body', json: { call: 'promise:body' }, text: { call: 'promise:text' } } },
  axios: { members: { data: 'body' } },
  got: { members: PARSERS, awaited: 'got-response' },
  'got-response': { members: { body: 'text' } },
  /** got with `responseType: 'json'`: the response's `body` is parsed; with `resolveBodyOnly` too, the promise gives the body (or its text) itself. */
  'got-json': { members: PARSERS, awaited: 'got-json-response' },
  'got-json-response': { members: { body: 'body' } },
  'got-body': { members: PARSERS, awaited: 'body' },
  'got-text': { members: PARSERS, awaited: 'text' },
  ky: { members: PARSERS, awaited: 'fetch' },
  undici: { members: { body: 'undici-body' } },
  'undici-body': { members: { json: { call: 'promise:body' }, text: { call: 'promise:text' } } },
  'openapi-fetch': { members: { data: 'body', response: 'fetch' } },
  superagent: {
    members: {
      send: { call: 'superagent', body: 0 },
      set: { call: 'superagent' },
      query: { call: 'superagent' },
      type: { call: 'superagent' },
      accept: { call: 'superagent' },
      auth: { call: 'superagent' },
      timeout: { call: 'superagent' },
      retry: { call: 'superagent' },
    },
    awaited: 'superagent-response',
  },
  'superagent-response': { members: { body: 'body', text: 'text' } },
  /** The `request` library's response (its `body` is parsed with `json` set) and the request object it returns. */
  'request-response': { members: { body: 'body' } },
  'request-object': {},
  /** Obsidian's `RequestUrlResponse`. */
  obsidian: { members: { json: 'body', text: 'text' } },
  /** Apps Script's `HTTPResponse`. */
  urlfetchapp: { members: { getContentText: { call: 'text' } } },
  /** jQuery's jqXHR: a promise of the body whose `done` listeners get the body too; `responseJSON` is the body once it came. */
  jqxhr: { members: { done: { emits: 'body' }, success: { emits: 'body' }, fail: { call: 'jqxhr' }, error: { call: 'jqxhr' }, always: { call: 'jqxhr' }, responseJSON: 'body' }, awaited: 'body' },
  /** react-admin's `fetchJson` result: `json` is the parsed body, `body` its text. */
  'ra-fetch': { members: { json: 'body', body: 'text' } },
  /** Wreck's `{ res, payload }`: the payload is a Buffer of the text, or the body with `json` set. */
  wreck: { members: { payload: 'text' } },
  'wreck-json': { members: { payload: 'body' } },
  /** RxJS's `AjaxResponse`. */
  ajax: { members: { response: 'body' } },
  /** The SDK's standalone functions: `{ ok, value, error }`. */
  'sdk-result': { members: { value: 'body' } },
  /** react-query's and SWR's results, and the SDK's hooks. */
  query: { members: { data: 'body' } },
  /** Node's `http.ClientRequest`: `write`/`end` send the body. */
  'node-request': { members: { write: { call: 'node-request', body: 0 }, end: { call: 'node-request', body: 0 } } },
  /** Node's `http.IncomingMessage`: its chunks are the body's text. */
  'node-incoming': { members: { on: { emits: 'text' }, once: { emits: 'text' }, addListener: { emits: 'text' }, setEncoding: { call: 'node-incoming' } } },
  /**
   * What an unknown client's request resolves to (`request.post(url, { data })` of Playwright,
   * Zapier's `z.request({ url, body })`): the body, or an envelope of it (`data`, `body`, `json()`).
   */
  'unknown-client': { members: { data: 'body', body: 'body', json: { call: 'promise:body' }, text: { call: 'promise:text' } }, maybeBody: true },
  /** @actions/http-client: `result` of the typed calls is the body; the others' `readBody()` its text. */
  'actions-json': { members: { result: 'body' } },
  'actions-response': { members: { readBody: { call: 'promise:text' } } },
  /**
   * A body's text, and a Buffer of it (`Buffer.concat(chunks).toString()`); a stream's text is
   * split into lines, each a body (NDJSON), or trimmed and cut (`line.slice('data: '.length)`).
   */
  text: { members: { toString: { call: 'text' }, split: { call: 'array:text' }, trim: { call: 'text' }, trimStart: { call: 'text' }, trimEnd: { call: 'text' }, slice: { call: 'text' }, substring: { call: 'text' }, replace: { call: 'text' } } },
  body: {},
};
