/**
 * What the engine knows about HTTP client libraries, as data: which exports are the client, which
 * of its calls send a request (and where the URL, the body and the method are), which make a new
 * configured client, and what the result resolves to. Adding a library is adding a row; users add
 * their own in `settings['api-sunset'].clients` in the same shape.
 *
 * API paths are member paths from the client's root: `''` is the client itself (`axios(config)`),
 * `'post'` is `axios.post`, `'interceptors.response.use'` what it says. An instance a factory makes
 * (`axios.create(…)`) has the root's API again, with its configuration remembered.
 */
export interface HttpClientModel {
  name: string;
  /** Module specifiers that export the client. */
  packages: string[];
  /** Export name (`default`, a name, or `*` for the module object itself, as `require` gives it) → API path. */
  exports: Record<string, string>;
  /** Global name → API path (`fetch`). */
  globals?: Record<string, string>;
  /** API path → what calling it does. */
  calls: Record<string, CallModel>;
  /** API path → what `new` of it makes (undici's `new Pool(origin)`). */
  constructs?: Record<string, Extract<CallModel, { kind: 'instance' }>>;
  /** Keys of the options objects its calls and factories take. */
  options: OptionKeys;
}

export interface OptionKeys {
  url?: string;
  method?: string;
  /** Keys that hold the body, first match wins (`json` before `body` for got and ky). */
  body?: string[];
  /** The key of a base URL the request path is joined to (`baseURL`, `prefixUrl`). */
  base?: string;
  /**
   * Options that change what a request resolves to, first match wins: each `when` key is set to
   * that string, or to literal `true`, in the call's options or else in the newest configuration
   * of the instance that sets it (got's `responseType: 'json'`, `resolveBodyOnly: true`).
   */
  results?: { when: Record<string, string | true>; result: string }[];
}

export type CallModel =
  | {
      kind: 'request';
      /** Argument index of the URL. */
      url?: number;
      /** The first argument is either the URL or an options object (`axios(url, config)` or `axios(config)`). */
      urlOrOptions?: boolean;
      /** Argument index of the options object (of the second argument when `urlOrOptions` takes a URL). */
      options?: number;
      /** Argument index of the body. */
      body?: number;
      /** The method the call always sends. */
      method?: string;
      /** The options key that holds the URL for this call, when it is not the model's (undici's `pool.request({ path })`). */
      urlKey?: string;
      /** The state of what the call gives back (`promise:fetch` is a promise of a fetch Response; see `response-states.ts`). */
      result: string;
      /**
       * Functions the call hands the response to, and its state there: the function arguments at
       * these indexes, and the options' functions under these keys (`https.request(url, options, (res) => …)`).
       */
      callbacks?: {
        arguments?: number[];
        options?: string[];
        result: string;
        /** The state each of the callback's parameters gets, when it is not one response as the first (`(err, res, body)`; `''` is nothing known). */
        parameters?: string[];
      };
    }
  | {
      kind: 'instance';
      /** Argument index of the configuration. */
      options?: number;
      /** Argument index of the base URL, when it is given on its own (`new Pool('https://…')`). */
      origin?: number;
      /** The API path of what is made ('' when it is the client again). */
      path?: string;
    }
  /** `instance.interceptors.response.use(fn)`: what `fn` returns is what the instance's requests resolve to. */
  | { kind: 'response-interceptor' }
  /** A helper that is the language's own under another name (`axios.all` is `Promise.all`; `axios.spread(fn)` spreads an array into `fn`'s parameters). */
  | { kind: 'builtin'; name: 'Promise.all' | 'spread' | 'jquery.extend' | 'jquery.each' | 'jquery.map' | 'jquery.grep' };

const FETCH_OPTIONS: OptionKeys = { method: 'method', body: ['body'] };
const fetchCall: CallModel = { kind: 'request', url: 0, options: 1, result: 'promise:fetch' };

/** The `request` library's options: `json` is the body when it is an object (`json: true` only asks for JSON). */
const REQUEST_OPTIONS: OptionKeys = { url: 'url', method: 'method', body: ['json', 'body', 'form'], base: 'baseUrl' };

/** `request(options, callback)`, `request(url, options, callback)` and its methods: the URL is the first argument or the options' `url`. */
function requestLibrary(names: string[], callbacks: Extract<CallModel, { kind: 'request' }>['callbacks'], result: string): Record<string, CallModel> {
  return Object.fromEntries(
    names.map((name) => {
      const method = name === '' ? undefined : name === 'del' ? 'DELETE' : name.toUpperCase();
      const model: CallModel = { kind: 'request', urlOrOptions: true, options: 1, result, ...(method ? { method } : {}), ...(callbacks ? { callbacks } : {}) };
      return [name, model];
    }),
  );
}

function methods(names: string[], model: (method: string) => CallModel): Record<string, CallModel> {
  return Object.fromEntries(names.map((name) => [name, model(name.toUpperCase())]));
}

export const HTTP_CLIENTS: readonly HttpClientModel[] = [
  {
    name: 'fetch',
    packages: ['node-fetch', 'cross-fetch', 'isomorphic-fetch', 'isomorphic-unfetch', 'unfetch', '@whatwg-node/fetch'],
    exports: { default: '', '*': '', fetch: '' },
    globals: { fetch: '' },
    calls: { '': fetchCall },
    options: FETCH_OPTIONS,
  },
  {
    name: 'undici',
    packages: ['undici'],
    exports: { fetch: 'fetch', request: 'request', Pool: 'Pool', Client: 'Pool', Agent: 'Pool' },
    calls: {
      fetch: fetchCall,
      request: { kind: 'request', url: 0, options: 1, result: 'promise:undici' },
      'pool.request': { kind: 'request', options: 0, urlKey: 'path', result: 'promise:undici' },
    },
    constructs: { Pool: { kind: 'instance', origin: 0, options: 1, path: 'pool' } },
    options: { ...FETCH_OPTIONS, base: 'origin' },
  },
  {
    name: 'axios',
    packages: ['axios'],
    exports: { default: '', '*': '', axios: '' },
    calls: {
      '': { kind: 'request', urlOrOptions: true, options: 1, result: 'promise:axios' },
      request: { kind: 'request', options: 0, result: 'promise:axios' },
      ...methods(['get', 'delete', 'head', 'options'], (method) => ({ kind: 'request', url: 0, options: 1, method, result: 'promise:axios' })),
      ...methods(['post', 'put', 'patch'], (method) => ({ kind: 'request', url: 0, body: 1, options: 2, method, result: 'promise:axios' })),
      ...methods(['postForm', 'putForm', 'patchForm'], (method) => ({ kind: 'request', url: 0, body: 1, options: 2, method: method.replace(/FORM$/, ''), result: 'promise:axios' })),
      create: { kind: 'instance', options: 0 },
      'interceptors.response.use': { kind: 'response-interceptor' },
      all: { kind: 'builtin', name: 'Promise.all' },
      spread: { kind: 'builtin', name: 'spread' },
    },
    options: { url: 'url', method: 'method', body: ['data'], base: 'baseURL' },
  },
  {
    name: 'got',
    packages: ['got'],
    exports: { default: '', '*': '', got: '' },
    calls: {
      '': { kind: 'request', urlOrOptions: true, options: 1, result: 'got' },
      ...methods(['get', 'post', 'put', 'patch', 'delete', 'head'], (method) => ({ kind: 'request', url: 0, options: 1, method, result: 'got' })),
      extend: { kind: 'instance', options: 0 },
    },
    options: {
      url: 'url',
      method: 'method',
      body: ['json', 'body', 'form'],
      base: 'prefixUrl',
      results: [
        { when: { resolveBodyOnly: true, responseType: 'json' }, result: 'got-body' },
        { when: { resolveBodyOnly: true }, result: 'got-text' },
        { when: { responseType: 'json' }, result: 'got-json' },
      ],
    },
  },
  {
    name: 'ky',
    packages: ['ky', 'ky-universal'],
    exports: { default: '', '*': '' },
    calls: {
      '': { kind: 'request', url: 0, options: 1, result: 'ky' },
      ...methods(['get', 'post', 'put', 'patch', 'delete', 'head'], (method) => ({ kind: 'request', url: 0, options: 1, method, result: 'ky' })),
      create: { kind: 'instance', options: 0 },
      extend: { kind: 'instance', options: 0 },
    },
    options: { method: 'method', body: ['json', 'body'], base: 'prefixUrl' },
  },
  {
    name: 'ofetch',
    packages: ['ofetch'],
    exports: { ofetch: '', $fetch: '', default: '' },
    // Nuxt makes `$fetch` a global.
    globals: { $fetch: '' },
    calls: {
      '': { kind: 'request', url: 0, options: 1, result: 'promise:body' },
      raw: { kind: 'request', url: 0, options: 1, result: 'promise:fetch-parsed' },
      create: { kind: 'instance', options: 0 },
    },
    options: { method: 'method', body: ['body'], base: 'baseURL' },
  },
  {
    name: 'openapi-fetch',
    packages: ['openapi-fetch'],
    exports: { default: 'createClient', createClient: 'createClient' },
    calls: {
      createClient: { kind: 'instance', options: 0, path: 'client' },
      ...Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((method) => [`client.${method}`, { kind: 'request', url: 0, options: 1, method, result: 'promise:openapi-fetch' } as CallModel])),
    },
    options: { body: ['body'], base: 'baseUrl' },
  },
  {
    // Node's own client: the response comes to a callback as a stream of chunks (`res.on('data', …)`), the body is written with `req.write(…)`.
    name: 'node-http',
    packages: ['node:https', 'https', 'node:http', 'http'],
    exports: { request: 'request', get: 'get', default: '', '*': '' },
    calls: {
      request: { kind: 'request', urlOrOptions: true, options: 1, result: 'node-request', callbacks: { arguments: [1, 2], result: 'node-incoming' } },
      get: { kind: 'request', urlOrOptions: true, options: 1, method: 'GET', result: 'node-request', callbacks: { arguments: [1, 2], result: 'node-incoming' } },
    },
    options: { url: 'path', method: 'method' },
  },
  {
    // GitHub Actions' client: `new HttpClient(userAgent)`, `postJson<T>(url, body)` resolving to `{ statusCode, result }`.
    name: '@actions/http-client',
    packages: ['@actions/http-client'],
    exports: { HttpClient: 'HttpClient' },
    constructs: { HttpClient: { kind: 'instance', path: 'client' } },
    calls: {
      'client.getJson': { kind: 'request', url: 0, method: 'GET', result: 'promise:actions-json' },
      'client.postJson': { kind: 'request', url: 0, body: 1, method: 'POST', result: 'promise:actions-json' },
      'client.putJson': { kind: 'request', url: 0, body: 1, method: 'PUT', result: 'promise:actions-json' },
      'client.patchJson': { kind: 'request', url: 0, body: 1, method: 'PATCH', result: 'promise:actions-json' },
      'client.get': { kind: 'request', url: 0, method: 'GET', result: 'promise:actions-response' },
      'client.del': { kind: 'request', url: 0, method: 'DELETE', result: 'promise:actions-response' },
      'client.post': { kind: 'request', url: 0, body: 1, method: 'POST', result: 'promise:actions-response' },
      'client.put': { kind: 'request', url: 0, body: 1, method: 'PUT', result: 'promise:actions-response' },
      'client.patch': { kind: 'request', url: 0, body: 1, method: 'PATCH', result: 'promise:actions-response' },
    },
    options: {},
  },
  {
    // RxJS's client: observables (promises, to the engine) of an `AjaxResponse` whose `response` is the body.
    name: 'rxjs-ajax',
    packages: ['rxjs/ajax'],
    exports: { ajax: '' },
    calls: {
      '': { kind: 'request', urlOrOptions: true, result: 'promise:ajax' },
      ...methods(['get', 'delete'], (method) => ({ kind: 'request', url: 0, method, result: 'promise:ajax' })),
      ...methods(['post', 'put', 'patch'], (method) => ({ kind: 'request', url: 0, body: 1, method, result: 'promise:ajax' })),
      getJSON: { kind: 'request', url: 0, method: 'GET', result: 'promise:body' },
    },
    options: { url: 'url', method: 'method', body: ['body'] },
  },
  {
    // Obsidian's `requestUrl({ url, method, body })`: its response has the parsed body in `json` (a property) and the text in `text`.
    name: 'obsidian',
    packages: ['obsidian'],
    exports: { requestUrl: '', request: 'request' },
    calls: {
      '': { kind: 'request', urlOrOptions: true, result: 'promise:obsidian' },
      request: { kind: 'request', urlOrOptions: true, result: 'promise:text' },
    },
    options: { url: 'url', method: 'method', body: ['body'] },
  },
  {
    // Google Apps Script's `UrlFetchApp.fetch(url, { method, payload })`: its response's `getContentText()` is the body's text.
    name: 'urlfetchapp',
    packages: [],
    exports: {},
    globals: { UrlFetchApp: '' },
    calls: { fetch: { kind: 'request', url: 0, options: 1, result: 'urlfetchapp' } },
    options: { url: 'url', method: 'method', body: ['payload'] },
  },
  {
    // jQuery: `$.ajax({ url, type, data, success })`, `$.post(url, data, success)`, `$.getJSON(url, success)`, each a jqXHR
    // whose `done`/`then` get the parsed body; `$.extend`, `$.each`, `$.map` and `$.grep` are the language's own under other names.
    name: 'jquery',
    packages: ['jquery'],
    exports: { default: '', '*': '' },
    globals: { $: '', jQuery: '' },
    calls: {
      ajax: { kind: 'request', urlOrOptions: true, options: 1, result: 'jqxhr', callbacks: { options: ['success'], result: 'body' } },
      post: { kind: 'request', urlOrOptions: true, body: 1, method: 'POST', result: 'jqxhr', callbacks: { arguments: [1, 2], options: ['success'], result: 'body' } },
      ...methods(['get', 'getJSON'], () => ({ kind: 'request', urlOrOptions: true, method: 'GET', result: 'jqxhr', callbacks: { arguments: [1, 2], options: ['success'], result: 'body' } })),
      extend: { kind: 'builtin', name: 'jquery.extend' },
      each: { kind: 'builtin', name: 'jquery.each' },
      map: { kind: 'builtin', name: 'jquery.map' },
      grep: { kind: 'builtin', name: 'jquery.grep' },
    },
    options: { url: 'url', method: 'type', body: ['data'] },
  },
  {
    // react-admin's `fetchUtils.fetchJson(url, options)`: resolves to `{ status, headers, body, json }`, `json` the parsed body.
    name: 'react-admin',
    packages: ['react-admin', 'ra-core'],
    exports: { fetchUtils: 'fetchUtils' },
    calls: { 'fetchUtils.fetchJson': { kind: 'request', url: 0, options: 1, result: 'promise:ra-fetch' } },
    options: FETCH_OPTIONS,
  },
  {
    // hapi's client: `Wreck.post(uri, { payload })` resolves to `{ res, payload }`, the payload parsed with `json` set
    // (on the call or on the instance `Wreck.defaults({ baseUrl, json })` made), else a Buffer of the text.
    name: 'wreck',
    packages: ['@hapi/wreck', 'wreck'],
    exports: { default: '', '*': '' },
    calls: {
      ...methods(['get', 'post', 'put', 'patch', 'delete'], (method) => ({ kind: 'request', url: 0, options: 1, method, result: 'promise:wreck' })),
      defaults: { kind: 'instance', options: 0 },
    },
    options: {
      body: ['payload'],
      base: 'baseUrl',
      results: [
        { when: { json: true }, result: 'promise:wreck-json' },
        { when: { json: 'force' }, result: 'promise:wreck-json' },
        { when: { json: 'strict' }, result: 'promise:wreck-json' },
      ],
    },
  },
  {
    // AngularJS's `$http`, which the injector hands to what asks for it (see angularjs.ts): `$http({ method, url, data })`,
    // `$http.post(url, data, config)`, each a promise of a response whose `data` is the body.
    name: 'angularjs-http',
    packages: [],
    exports: {},
    calls: {
      '': { kind: 'request', options: 0, result: 'promise:axios' },
      ...methods(['get', 'delete', 'head', 'jsonp'], (method) => ({ kind: 'request', url: 0, options: 1, method: method === 'JSONP' ? 'GET' : method, result: 'promise:axios' })),
      ...methods(['post', 'put', 'patch'], (method) => ({ kind: 'request', url: 0, body: 1, options: 2, method, result: 'promise:axios' })),
    },
    options: { url: 'url', method: 'method', body: ['data'] },
  },
  {
    // The `request` library (and its forks): `request.post({ url, json: body }, (err, res, body) => …)`.
    name: 'request',
    packages: ['request', 'postman-request', '@cypress/request'],
    exports: { default: '', '*': '' },
    calls: {
      ...requestLibrary(['', 'get', 'post', 'put', 'patch', 'del', 'delete', 'head'], { arguments: [1, 2], result: 'request-response', parameters: ['', 'request-response', 'body'] }, 'request-object'),
      defaults: { kind: 'instance', options: 0 },
    },
    options: REQUEST_OPTIONS,
  },
  {
    // Its promise wrappers: the call resolves to the body (parsed with `json: true`).
    name: 'request-promise',
    packages: ['request-promise', 'request-promise-native', 'request-promise-any'],
    exports: { default: '', '*': '' },
    calls: {
      ...requestLibrary(['', 'get', 'post', 'put', 'patch', 'del', 'delete', 'head'], undefined, 'promise:body'),
      defaults: { kind: 'instance', options: 0 },
    },
    options: REQUEST_OPTIONS,
  },
  {
    name: 'superagent',
    packages: ['superagent', 'supertest'],
    exports: { default: '', '*': '' },
    calls: methods(['get', 'post', 'put', 'patch', 'delete', 'del', 'head'], (method) => ({ kind: 'request', url: 0, method: method === 'DEL' ? 'DELETE' : method, result: 'superagent' })),
    options: {},
  },
];
