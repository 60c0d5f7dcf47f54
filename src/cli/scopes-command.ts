import { parseArgs } from 'node:util';
import type { Settings } from '../settings.js';
import { today } from '../schedule/dates.js';
import { DEFAULT_IMMINENT_DAYS } from '../schedule/status.js';
import type { ApiName, Schedule } from '../schedule/types.js';
import { authSchemeFor, matchingScopeSet } from '../tokens/auth.js';
import type { EndpointUse } from '../tokens/scope-uses.js';
import { forEachCandidate } from './candidates.js';
import { compareSkipped, displayPath, type Skipped } from './findings.js';
import { DEFAULT_LIMITS } from './file-limits.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { parseChoice, scheduleFromFlag } from './options.js';
import { printable } from './printable.js';
import { openProjects } from './project-candidates.js';
import { collectSourceFiles } from './walk.js';

export const SCOPES_HELP = `Usage: api-sunset scopes [options] [paths...]

Print the smallest set of token scopes the code needs: each scope with the endpoints that need
it and where, the endpoints whose scope is not known, and, when the set is exactly one of the
spec's named combinations (search application, chat integration, analytics, content
management), its name. Scopes cannot be changed once a token is created: this is the list an
administrator needs to create a least-privilege token.

Paths default to the current directory and are walked as by "api-sunset check". A request to
an endpoint counts, and so does the endpoint's full path written in a string (paths kept in a
constants module and called through a client from another file).

Options:
  --schedule FILE        a schedule file instead of the bundled one (its endpoints' scopes)
  --format text|json     text for people (default), json for scripts (see docs/cli.md)
  --allow-empty          print "none" when no file matches the paths (default: exit 2)
  -h, --help             show this help

Exit codes:
  0  the scopes were printed
  2  usage or configuration error (bad flag, invalid schedule, missing path), no file matched
     the paths (unless --allow-empty), or every file that needed parsing failed to parse

Examples:
  api-sunset scopes
  api-sunset scopes src --format json
`;

/** Locations shown per endpoint in the text output; JSON lists them all. */
const SHOWN_LOCATIONS = 3;

interface Location {
  file: string;
  line: number;
  column: number;
  via: EndpointUse['via'];
}

interface EndpointNeed {
  endpoint: string;
  api: ApiName | undefined;
  scope: string | undefined;
  locations: Location[];
}

export interface ScopesReport {
  cwd: string;
  scopes: string[];
  combination: string | undefined;
  /** Endpoints with a known scope, by scope then endpoint; then those without one. */
  endpoints: EndpointNeed[];
  skipped: Skipped[];
  files: { scanned: number; candidates: number; analysed: number; skipped: number };
}

export async function runScopes(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { schedule: { type: 'string' }, format: { type: 'string' }, 'allow-empty': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(SCOPES_HELP);
    return EXIT_OK;
  }
  const format = parseChoice('--format', values.format, ['text', 'json'] as const, 'text');
  const schedule = scheduleFromFlag(values.schedule, io.cwd);
  const paths = positionals.length > 0 ? positionals : ['.'];
  const { files, roots } = collectSourceFiles(paths, io.cwd);
  // Dates play no part in scopes; the settings only carry the schedule.
  const settings: Settings = { now: today(), imminentDays: DEFAULT_IMMINENT_DAYS, schedule, wrappers: [] };
  const flags = { now: settings.now, imminentDays: settings.imminentDays, schedule, limits: DEFAULT_LIMITS };
  const { createEndpointUseCollector } = await import('./scopes-collector.js');
  const collect = createEndpointUseCollector(settings, roots);
  const uses: { file: string; use: EndpointUse }[] = [];
  const skipped: Skipped[] = [];
  let analysed = 0;
  const candidates = await forEachCandidate(files, flags, io, 'Scanning', skipped, async ({ file, source }) => {
    const result = collect(file, source.text);
    if ('failure' in result) {
      skipped.push({ file, ...result.failure });
      return;
    }
    analysed++;
    for (const use of result.uses) uses.push({ file, use });
  }, openProjects(files, settings, roots).found);
  const report = buildScopesReport(schedule, io.cwd, uses, skipped, { scanned: files.length, candidates, analysed });
  io.stdout(format === 'json' ? renderScopesJson(report) : renderScopesText(report, schedule));
  // No file at all is a wrong path more often than a project without code: "no scopes needed" would mislead.
  if (files.length === 0 && !values['allow-empty']) {
    io.stderr('api-sunset: no JavaScript or TypeScript file matched the given paths, so no scope was determined; pass --allow-empty if that is expected.\n');
    return EXIT_USAGE;
  }
  if (candidates > 0 && analysed === 0) {
    io.stderr(`api-sunset: none of the ${candidates} file${candidates === 1 ? '' : 's'} that needed reading could be read and parsed; no scope was determined.\n`);
    return EXIT_USAGE;
  }
  return EXIT_OK;
}

export function buildScopesReport(
  schedule: Schedule,
  cwd: string,
  uses: { file: string; use: EndpointUse }[],
  skipped: Skipped[],
  totals: { scanned: number; candidates: number; analysed: number },
): ScopesReport {
  const byEndpoint = new Map<string, EndpointNeed>();
  for (const { file, use } of uses) {
    const need = byEndpoint.get(use.endpoint) ?? { endpoint: use.endpoint, api: use.api, scope: use.scope, locations: [] };
    need.locations.push({ file: displayPath(file, cwd), line: use.line, column: use.column, via: use.via });
    byEndpoint.set(use.endpoint, need);
  }
  const endpoints = [...byEndpoint.values()].sort(
    (a, b) => Number(a.scope === undefined) - Number(b.scope === undefined) || (a.scope ?? '').localeCompare(b.scope ?? '') || a.endpoint.localeCompare(b.endpoint),
  );
  for (const need of endpoints) need.locations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const scopes = [...new Set(endpoints.flatMap((need) => (need.scope ? [need.scope] : [])))].sort();
  return {
    cwd,
    scopes,
    combination: scopes.length > 0 ? matchingScopeSet(authSchemeFor(schedule), scopes) : undefined,
    endpoints,
    skipped: [...skipped].sort(compareSkipped),
    files: { ...totals, skipped: skipped.length },
  };
}

/** The documented, stable JSON shape (docs/cli.md); `version` changes only when a property changes meaning or goes away. */
export function renderScopesJson(report: ScopesReport): string {
  const json = {
    version: 1,
    scopes: report.scopes,
    combination: report.combination ?? null,
    endpoints: report.endpoints.map((need) => ({
      endpoint: need.endpoint,
      api: need.api ?? null,
      scope: need.scope ?? null,
      uses: need.locations.length,
      locations: need.locations,
    })),
    unknownScope: report.endpoints.filter((need) => need.scope === undefined).map((need) => need.endpoint),
    skipped: report.skipped.map((entry) => ({ ...entry, file: displayPath(entry.file, report.cwd) })),
    summary: { files: report.files },
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

export function renderScopesText(report: ScopesReport, schedule: Schedule): string {
  const areas = authSchemeFor(schedule).scopes;
  const width = Math.max(0, ...report.endpoints.map((need) => need.endpoint.length));
  const line = (need: EndpointNeed) => {
    const shown = need.locations.slice(0, SHOWN_LOCATIONS).map((at) => `${printable(at.file)}:${at.line}:${at.column}`);
    const more = need.locations.length - shown.length;
    const count = `${need.locations.length} use${need.locations.length === 1 ? '' : 's'}`;
    return `  ${need.endpoint.padEnd(width)}  ${count}: ${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}\n`;
  };
  let out = '';
  if (report.scopes.length === 0) {
    out += 'Scopes needed: none (no request to an endpoint with a known scope was found).\n';
  } else {
    out += `Scopes needed: ${report.scopes.join(', ')}\n`;
    out += report.combination
      ? `This is exactly the spec's "${report.combination}" combination.\n`
      : 'This is none of the spec\'s named combinations: create the token with exactly these scopes.\n';
  }
  for (const scope of report.scopes) {
    const area = areas.get(scope);
    out += `\n${scope}${area ? ` (${area})` : ''}\n`;
    for (const need of report.endpoints.filter((candidate) => candidate.scope === scope)) out += line(need);
  }
  const unknown = report.endpoints.filter((need) => need.scope === undefined);
  if (unknown.length > 0) {
    out += `\nScope unknown (the data names none; check the service's documentation before creating the token):\n`;
    for (const need of unknown) out += line(need);
  }
  if (report.skipped.length > 0) {
    out += `\nSkipped ${report.skipped.length} file${report.skipped.length === 1 ? '' : 's'} (not read):\n`;
    for (const entry of report.skipped) {
      out += `  ${printable(displayPath(entry.file, report.cwd))}${entry.line ? `:${entry.line}:${entry.column}` : ''}  ${printable(entry.message)}\n`;
    }
  }
  const { scanned, candidates, analysed, skipped } = report.files;
  out += `\nScanned ${scanned} file${scanned === 1 ? '' : 's'}: ${scanned - candidates} could not mention the API, ${analysed} read, ${skipped} skipped.\n`;
  return out;
}
