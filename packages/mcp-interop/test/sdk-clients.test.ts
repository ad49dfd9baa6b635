// The other direction: the official SDK clients (1.x `Client`, v2 `Client`) against
// @openwop-spec/mcp-fake-server, pinning what works and what the fake deliberately does not serve
// (its README says the same).
import { afterEach, describe, expect, test } from 'vitest';
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Sdk1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { ALWAYS_ERROR_CONTENT, createFakeMcpServer } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';

let fake: FakeMcpServer | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

async function startFake(): Promise<URL> {
  fake = createFakeMcpServer({ resources: true });
  return new URL(await fake.start());
}

const sent = (method: string) =>
  fake!
    .exchanges()
    .filter((e) => e.method === method)
    .at(-1)!;

/** What a 2025-era client gets from the fake: its legacy subset (initialize, tools/list → echo, tools/call echo). */
async function legacySubset(client: {
  listTools(): Promise<unknown>;
  callTool(p: object): Promise<unknown>;
  readResource(p: object): Promise<unknown>;
}) {
  expect(fake!.invocations().map((i) => [i.method, i.revision])).toEqual([
    ['initialize', '(absent)'],
    ['notifications/initialized', '2025-06-18'],
  ]);
  expect(await client.listTools()).toStrictEqual(sent('tools/list').result);
  expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toStrictEqual(sent('tools/call').result);
  await expect(client.callTool({ name: 'structured-echo', arguments: { nonce: 'n' } })).rejects.toThrow(/Unknown tool/);
  await expect(client.readResource({ uri: 'conformance://fixture/readme' })).rejects.toThrow(/Method not found/);
}

describe('official clients against the fake', () => {
  test('SDK 1.x Client: initialize at 2025-06-18, then the legacy subset only', async () => {
    const client = new Sdk1Client({ name: 'sdk1', version: '1.0.0' });
    await client.connect(new Sdk1Transport(await startFake()));
    expect(client.getServerVersion()).toMatchObject({ name: 'openwop-conformance-fake-mcp' });
    await legacySubset(client);
    await client.close();
  });

  test('v2 Client with its default (2025-era) negotiation: the same legacy subset', async () => {
    const client = new V2Client({ name: 'v2', version: '2.0.0' });
    await client.connect(new V2Transport(await startFake()));
    await legacySubset(client);
    await client.close();
  });

  test('v2 Client with versionNegotiation auto: server/discover, then 2026-07-28 for every tool and resource', async () => {
    const client = new V2Client({ name: 'v2', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new V2Transport(await startFake()));
    expect(fake!.invocations().map((i) => [i.method, i.revision])).toEqual([['server/discover', '2026-07-28']]);
    // The v2 Client merges every page when no cursor is given: every tool, no nextCursor.
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(fake!.currentTools().map((t) => t['name']));
    expect(listed.nextCursor).toBeUndefined();
    const echo = await client.callTool({ name: 'structured-echo', arguments: { nonce: 'n-1' } });
    expect(echo.structuredContent).toStrictEqual(
      (sent('tools/call').result as { structuredContent: unknown }).structuredContent,
    );
    const failed = await client.callTool({ name: 'always-error', arguments: {} });
    expect(failed).toMatchObject({ isError: true, content: ALWAYS_ERROR_CONTENT });
    // It declares no elicitation capability, so the fake's MRTR tools refuse it (-32021).
    await expect(client.callTool({ name: 'needs_input', arguments: {} })).rejects.toThrow(
      /Missing required client capability/,
    );
    const read = await client.readResource({ uri: 'conformance://fixture/readme' });
    expect(read.contents).toStrictEqual((sent('resources/read').result as { contents: unknown }).contents);
    expect(new Set(fake!.invocations().map((i) => i.revision))).toEqual(new Set(['2026-07-28']));
    await client.close();
  });
});
