// Meeting-notes summarizer. Talks to an external LLM provider, not to the
// search service; its citations are that provider's.
const LLM_URL = process.env.LLM_URL ?? 'https://api.perplexity.ai/chat/completions';

/**
 * @param {string} notes
 * @param {{ name: string, location?: string, role?: string }} user
 */
export async function summarizeNotes(notes, user) {
  const res = await fetch(LLM_URL, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${process.env.LLM_API_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      model: 'sonar',
      messages: [
        {
          role: 'system',
          content: `Summarize for ${user.name}${user.location ? ` in ${user.location}` : ''}. Cite sources.`,
        },
        { role: 'user', content: notes },
      ],
    }),
  });
  const data = await res.json();
  const message = data.choices?.[0]?.message ?? {};
  const citations = data.citations ?? message.citations ?? [];
  return {
    summary: message.content ?? '',
    citations: citations.map((url, i) => ({ n: i + 1, url })),
  };
}

/**
 * Only team leads may post summaries to the team channel.
 * @param {{ role: string, enabled?: boolean }} member
 */
export function canPostSummary(member) {
  return member.enabled !== false && (member.role === 'lead' || member.role === 'owner');
}
