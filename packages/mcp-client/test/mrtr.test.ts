// MRTR (§4.4): the host declines elicitation itself, under a bounded number of rounds, with a new
// id per retry and requestState echoed exactly; the pack never sees input_required.
import { describe, expect, test } from 'vitest';
import { McpTransportFailure, createMcpClient } from '../src/index.js';
import { rejection, result, stubFetch } from './helpers.js';

const URL = 'http://127.0.0.1:1/mcp';
const elicit = { method: 'elicitation/create', params: { message: 'Who?', requestedSchema: { type: 'object' } } };
const complete = { resultType: 'complete', content: [{ type: 'text', text: 'done' }], _meta: { k: 'v' } };

describe('MRTR', () => {
  test('declines every elicitation, echoes requestState exactly, re-sends the original params under a new id', async () => {
    const state = 'opaque "state" ☃ \\ with spaces ';
    const stub = stubFetch((body, index) =>
      index === 0
        ? result(body.id, {
            resultType: 'input_required',
            inputRequests: { who: elicit, why: elicit },
            requestState: state,
          })
        : result(body.id, complete),
    );
    const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch });
    const value = await client.callTool({
      serverId: 's',
      name: 'needs_input',
      arguments: { a: 1 },
      idempotencyKey: 'k',
    });
    expect(value).toStrictEqual(complete);
    expect(stub.sent).toHaveLength(2);
    const [first, retry] = stub.sent.map((s) => s.body);
    expect(retry!.id).not.toBe(first!.id);
    expect(retry!.method).toBe('tools/call');
    const { inputResponses, requestState, ...rest } = retry!.params;
    expect(rest).toEqual(first!.params);
    expect(inputResponses).toEqual({ who: { action: 'decline' }, why: { action: 'decline' } });
    expect(requestState).toBe(state);
    expect(stub.sent[1]!.headers.get('mcp-name')).toBe('needs_input');
  });

  test('sends inputResponses only when inputRequests came, and requestState only when present', async () => {
    const stub = stubFetch((body, index) => {
      if (index === 0) return result(body.id, { resultType: 'input_required', requestState: 's1' });
      if (index === 1) return result(body.id, { resultType: 'input_required', inputRequests: { q: elicit } });
      return result(body.id, complete);
    });
    const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch });
    await client.callTool({ serverId: 's', name: 't', idempotencyKey: 'k' });
    const [, second, third] = stub.sent.map((s) => s.body.params);
    expect(second).toHaveProperty('requestState', 's1');
    expect(second).not.toHaveProperty('inputResponses');
    expect(third).toHaveProperty('inputResponses', { q: { action: 'decline' } });
    // Each retry starts from the original params: state from an earlier round is not carried over.
    expect(third).not.toHaveProperty('requestState');
  });

  test('resources/read gets the same treatment', async () => {
    const stub = stubFetch((body, index) =>
      index === 0
        ? result(body.id, { resultType: 'input_required', inputRequests: { q: elicit }, requestState: 'r' })
        : result(body.id, { resultType: 'complete', contents: [], ttlMs: 0, cacheScope: 'public' }),
    );
    const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch });
    await expect(client.readResource({ serverId: 's', uri: 'u://x' })).resolves.toEqual({
      resultType: 'complete',
      contents: [],
      ttlMs: 0,
      cacheScope: 'public',
    });
    expect(stub.sent[1]!.body.params).toMatchObject({ uri: 'u://x', requestState: 'r' });
  });

  test('rounds are bounded: maxRounds answered, then mrtr_rounds_exceeded (default 4)', async () => {
    for (const [maxRounds, expectedRequests] of [
      [undefined, 5],
      [1, 2],
      [16, 17],
    ] as const) {
      const stub = stubFetch((body, index) =>
        result(body.id, { resultType: 'input_required', inputRequests: { q: elicit }, requestState: `r${index}` }),
      );
      const client = createMcpClient({
        servers: { s: { url: URL } },
        fetch: stub.fetch,
        ...(maxRounds === undefined ? {} : { mrtrMaxRounds: maxRounds }),
      });
      const err = await rejection(client.callTool({ serverId: 's', name: 'needs_input_loop', idempotencyKey: 'k' }));
      expect(err).toBeInstanceOf(McpTransportFailure);
      expect((err as McpTransportFailure).reason).toBe('mrtr_rounds_exceeded');
      expect((err as McpTransportFailure).message).toBe(
        'tools/call to MCP server "s" failed: mrtr_rounds_exceeded: the server asked for input more rounds than the ceiling allows; deadline 30000 ms',
      );
      expect(stub.sent).toHaveLength(expectedRequests);
      expect(new Set(stub.sent.map((s) => s.body.id)).size).toBe(expectedRequests);
    }
  });

  test('a request we cannot answer (sampling, roots, malformed) is mrtr_unsupported_input, with no retry', async () => {
    for (const inputRequests of [
      { q: elicit, s: { method: 'sampling/createMessage', params: {} } },
      { r: { method: 'roots/list' } },
      { bad: 'not an object' },
      ['not', 'a', 'map'],
    ]) {
      const stub = stubFetch((body) => result(body.id, { resultType: 'input_required', inputRequests }));
      const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch });
      const err = await rejection(client.callTool({ serverId: 's', name: 't', idempotencyKey: 'k' }));
      expect(err).toMatchObject({ reason: 'mrtr_unsupported_input', method: 'tools/call', timeoutMs: 30_000 });
      expect(stub.sent).toHaveLength(1);
    }
  });

  test('listTools and server/discover never run the loop', async () => {
    const answer = { resultType: 'input_required', inputRequests: { q: elicit } };
    const stub = stubFetch((body) => result(body.id, answer));
    const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch });
    await expect(client.listTools({ serverId: 's' })).resolves.toStrictEqual(answer);
    expect(stub.sent).toHaveLength(1);
  });

  test('mrtrMaxRounds outside 1–16 is refused', () => {
    for (const mrtrMaxRounds of [0, 17, 2.5]) {
      expect(() => createMcpClient({ servers: {}, mrtrMaxRounds })).toThrow(RangeError);
    }
  });
});
