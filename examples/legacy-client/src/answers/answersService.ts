import { clientApi } from '../http/clientApi.js';
import { glean } from '../glean.js';

const FAQ_BOARD_ID = Number(process.env.FAQ_BOARD_ID ?? 0);

export interface FaqEntry {
  id: number;
  question: string;
  body: string;
  trackingToken?: string;
}

/** Lists the FAQ board for the "Ask HR" page. */
export async function listFaqAnswers(): Promise<FaqEntry[]> {
  const { data } = await clientApi.post('/listanswers', { boardId: FAQ_BOARD_ID });
  return data.answerResults.map((r: any) => ({
    id: r.answer.id,
    question: r.answer.question,
    body: r.answer.bodyText ?? '',
    trackingToken: r.trackingToken,
  }));
}

/** Same list through the SDK, used by the CLI export. */
export async function exportFaqAnswers(): Promise<FaqEntry[]> {
  const res = await glean.client.answers.list({});
  return res.answerResults.map(({ answer }) => ({
    id: answer.id,
    question: answer.question ?? '',
    body: answer.bodyText ?? '',
    trackingToken: answer.trackingToken,
  }));
}

/** Answer detail page. */
export async function getAnswer(id: number) {
  const { data } = await clientApi.post('/getanswer', { id });
  const answerResult = data.answerResult;
  return {
    question: answerResult.answer.question,
    body: answerResult.answer.bodyText,
    board: answerResult.answer.boardId,
    trackingToken: answerResult.trackingToken,
  };
}

/** Answer card in search, typed through the SDK. */
export async function answerCard(id: number) {
  const res = await glean.client.answers.retrieve({ id });
  if (!res.answerResult) {
    return null;
  }
  const { answer } = res.answerResult;
  return {
    question: answer.question ?? '',
    likes: answer.likes?.numLikes ?? 0,
    clickToken: res.answerResult.trackingToken,
    viewToken: answer.trackingToken,
  };
}
