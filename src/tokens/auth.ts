import type { Schedule } from '../schedule/types.js';
import { perSchedule } from '../schedule/derived.js';

/** The token scheme as the schedule's data describes it, with header names ready for case-insensitive matching. */
export interface AuthScheme {
  authorization: { name: string; lower: string; scheme: string };
  /** The act-as header as the spec names it, and every spelling real code uses for it, lower-cased. */
  actAs: { name: string; lower: Set<string> } | undefined;
  /** Each token type by name, and whether it sends the act-as header (from the type's `headers`). */
  tokenTypes: Map<string, boolean>;
  scopes: Map<string, string>;
  scopeSets: { name: string; scopes: string[] }[];
  /** The SDK client's constructor option that takes the token (`apiToken`). */
  tokenOption: string | undefined;
  /** Matches a file's text when it may write the act-as header: a file-level gate. */
  actAsMention: RegExp | undefined;
}

export const authSchemeFor = perSchedule(buildScheme);

function buildScheme(schedule: Schedule): AuthScheme {
  const { auth, sdk } = schedule;
  const authName = auth.authorizationHeader?.name ?? 'Authorization';
  const actAsNames = auth.actAsHeader ? [auth.actAsHeader.name, ...(auth.actAsHeader.aliases ?? [])] : [];
  return {
    authorization: { name: authName, lower: authName.toLowerCase(), scheme: auth.authorizationHeader?.scheme ?? 'Bearer' },
    actAs: auth.actAsHeader ? { name: auth.actAsHeader.name, lower: new Set(actAsNames.map((name) => name.toLowerCase())) } : undefined,
    tokenTypes: new Map((auth.tokenTypes ?? []).map((type) => [type.name, type.headers.some((header) => actAsNames.some((name) => name.toLowerCase() === header.toLowerCase()))])),
    scopes: new Map((auth.scopes ?? []).map((scope) => [scope.name, scope.area])),
    scopeSets: auth.scopeSets ?? [],
    tokenOption: sdk.tokenOption,
    actAsMention: actAsNames.length > 0 ? new RegExp(actAsNames.map(escapeRegExp).join('|'), 'i') : undefined,
  };
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The named scope combination (spec: "search application", …) that is exactly this set, if any. */
export function matchingScopeSet(scheme: AuthScheme, scopes: readonly string[]): string | undefined {
  const wanted = new Set(scopes);
  return scheme.scopeSets.find((set) => set.scopes.length === wanted.size && set.scopes.every((scope) => wanted.has(scope)))?.name;
}

/**
 * What the service can resolve to a user: one address, no display name, no spaces, a dotted
 * domain. Deliberately loose: the point is to catch user names, ids and placeholders.
 */
const EMAIL = /^[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:.]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Words that only ever stand in for a secret in examples, docs and tests. */
const PLACEHOLDER_WORDS = /^(?:changeme|change[-_ ]?me|token|api[-_ ]?token|access[-_ ]?token|secret|todo|tbd|fixme|placeholder|dummy|fake|mock|test|example|sample|redacted|replace[-_ ]?me|none|null|undefined|n\/a)$/i;
/** `YOUR_TOKEN`, `my-api-token`, `test_token_123`, `<fake>`… */
const PLACEHOLDER_PREFIX = /^(?:your|my|test|fake|dummy|mock|sample|example|placeholder|redacted|insert|replace|put|enter)(?:[-_ .]|$)/i;

/**
 * Values that are not a secret but a stand-in for one: empty, `<ACCESS_TOKEN>`, `{{token}}`,
 * `${TOKEN}` written in a plain string, `$TOKEN`, `%s`, all x's or stars, anything with `...`,
 * `YOUR_…`/`MY_…`, and an upper-case name that says TOKEN or KEY (`GLEAN_API_TOKEN`).
 */
export function isPlaceholderSecret(value: string): boolean {
  const secret = value.trim();
  if (secret === '') return true;
  if (/^<[^<>]*>$/.test(secret) || /^\{\{[^{}]*\}\}$/.test(secret) || /^\$\{[^{}]*\}$/.test(secret) || /^\$[A-Z_][A-Z0-9_]*$/i.test(secret)) return true;
  if (/^%[sd]$/.test(secret) || /^[xX*•#.-]+$/.test(secret) || secret.includes('...') || secret.includes('…')) return true;
  if (PLACEHOLDER_WORDS.test(secret) || PLACEHOLDER_PREFIX.test(secret)) return true;
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(secret) && /TOKEN|KEY|SECRET/.test(secret);
}
