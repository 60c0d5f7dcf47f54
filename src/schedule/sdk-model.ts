import { packageFile } from '../package-files.js';

/** Which argument of an SDK call carries the JSON body: a position, and for wrapper request objects the key inside it. */
export interface SdkBody {
  argument: number;
  key?: string;
}

export interface SdkCall {
  operation: string;
  body?: SdkBody;
  /** Whether the call resolves to the operation's JSON response body (streams and empty responses do not). */
  response?: boolean;
}

export interface SdkMethod extends SdkCall {
  /** The standalone function the method calls. */
  function: string;
}

export interface SdkHook {
  function: string;
  kind: 'query' | 'mutation';
  /** Query hooks take the body as an argument; mutation hooks in a key of the variables they are called with. */
  body?: { argument: number } | { variable: string };
}

/**
 * `data/sdk.json`: what the official SDK's method paths (`client.chat.create`), standalone
 * functions (`clientChatCreate`) and react-query hooks call, generated from the SDK's own
 * sources (`npm run data`).
 */
export interface SdkModel {
  package: string;
  version: string;
  client: string;
  core: string;
  methods: Record<string, SdkMethod>;
  functions: Record<string, SdkCall>;
  hooks: Record<string, SdkHook>;
}

let model: SdkModel | undefined;

export function sdkModel(): SdkModel {
  model ??= packageFile('data/sdk.json') as SdkModel;
  return model;
}
