// The root run's global set-up (`pnpm test`): the fixtures that many tests start from, prepared
// once, side by side, before any test file runs. Each says in its own file what it provides.
import type { TestProject } from 'vitest/node';
import prepareBenchCorpus from './packages/bench/test/corpus-setup.js';
import warmCorpusFacts from './packages/cli/test/corpus-facts.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const teardowns = await Promise.all([warmCorpusFacts(project), prepareBenchCorpus(project)]);
  return () => {
    for (const teardown of teardowns) teardown();
  };
}
