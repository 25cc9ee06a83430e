import { expect, vi } from 'vitest';

/**
 * Stubs `fetch` with a server that answers each request only when the test says so, so that a
 * test can let a push overtake a refetch. Returns `answer(path, body)`: answers (200, JSON) the
 * first unanswered request whose address ends with `path`, once it has been sent.
 */
export function holdAnswers() {
  const held: Array<{ url: string; answer(body: unknown): void }> = [];
  vi.stubGlobal(
    'fetch',
    (url: string) =>
      new Promise<Response>((resolve) => {
        held.push({
          url,
          answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })),
        });
      }),
  );
  return async (path: string, body: unknown) => {
    const sent = () => held.findIndex((call) => call.url.endsWith(path));
    await vi.waitFor(() => expect(sent()).toBeGreaterThanOrEqual(0));
    const [call] = held.splice(sent(), 1);
    call!.answer(body);
  };
}
