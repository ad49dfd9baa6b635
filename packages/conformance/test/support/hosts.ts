// The hosts the tests judge: the in-process reference host, and the same host behind a loopback
// HTTP front driven by HttpHost at a given major.
import { httpHost } from '../../src/adapters/http.js';
import { inProcessHost } from '../../src/adapters/in-process.js';
import type { HostFactory } from '../../src/host-under-test.js';
import { behindFront } from './host-front.js';

export const overHttp = (inner: HostFactory, major: 1 | 2): HostFactory =>
  behindFront(inner, major, (baseUrl, apiKey) =>
    httpHost({ baseUrl, apiKey, major, pollIntervalMs: 5, label: `HttpHost (major ${major})` }),
  );

export const reference = (): HostFactory => inProcessHost();
