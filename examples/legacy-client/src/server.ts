import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { env } from './config/env.js';
import { askAssistant, type HistoryTurn } from './chat/chatProxy.js';
import { search } from './search/searchService.js';
import { loadPolicy } from './governance/policyReader.js';
import { adoptionTile } from './insights/insightsWidget.js';
import { summarizeNotes, canPostSummary } from './rag/summarize.js';

interface SessionUser {
  email: string;
  name: string;
  location?: string;
  role: 'member' | 'lead' | 'owner' | 'admin';
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sessionUser(req: IncomingMessage): SessionUser {
  // The SSO proxy in front of us sets these headers.
  return {
    email: String(req.headers['x-forwarded-email'] ?? ''),
    name: String(req.headers['x-forwarded-user'] ?? 'unknown'),
    location: req.headers['x-forwarded-office'] as string | undefined,
    role: (req.headers['x-forwarded-role'] as SessionUser['role']) ?? 'member',
  };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://localhost:${env.PORT}`);
  const user = sessionUser(req);
  try {
    if (req.method === 'POST' && url.pathname === '/api/ask') {
      const { question, history = [], chatId } = await readJson(req);
      const answer = await askAssistant(question, history as HistoryTurn[], { chatId, actAs: user.email });
      return send(res, 200, answer);
    }
    if (req.method === 'GET' && url.pathname === '/api/search') {
      const page = await search(url.searchParams.get('q') ?? '', {
        trackingToken: url.searchParams.get('t') ?? undefined,
      });
      return send(res, 200, page);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/api/policies/')) {
      if (user.role !== 'admin') return send(res, 403, { error: 'admins only' });
      return send(res, 200, await loadPolicy(url.pathname.split('/').pop() ?? ''));
    }
    if (req.method === 'GET' && url.pathname === '/api/adoption') {
      return send(res, 200, await adoptionTile());
    }
    if (req.method === 'POST' && url.pathname === '/api/summaries') {
      if (!canPostSummary({ role: user.role })) return send(res, 403, { error: 'leads only' });
      const { notes } = await readJson(req);
      return send(res, 200, await summarizeNotes(notes, { name: user.name, location: user.location }));
    }
    send(res, 404, { error: 'not found' });
  } catch (err) {
    console.error(err);
    send(res, 502, { error: 'upstream error' });
  }
});

if (process.argv[1]?.endsWith('server.ts') || process.argv[1]?.endsWith('server.js')) {
  server.listen(env.PORT, () => console.log(`workplace assistant listening on :${env.PORT}`));
}

export { server };
