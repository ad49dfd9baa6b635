import type { Gate } from '@openwop-spec/gate-api';
import { checkReferences } from './check.js';
import { documentCitations, headingNamesOf } from './facts.js';
import { GATE_ID, rules } from './rules.js';

/**
 * The references gate. It resolves rule-id citations against every rule id the tool defines, which
 * the caller knows (`ruleIds`, asked for at run time so the gate's own ids can be among them).
 */
export function referencesGate(ruleIds: () => ReadonlySet<string>): Gate {
  return {
    id: GATE_ID,
    summary: 'every path, section, anchor and rule id the documents cite resolves inside the repository',
    rules: rules.docs,
    check: (tree) => checkReferences(tree, ruleIds()),
    commands: [
      {
        name: 'references',
        summary: 'check that every citation in the spec documents and package READMEs resolves',
        flags: {},
        examples: [
          {
            command: 'openwop-spec references',
            does: 'list every cited path, § section, #anchor and rule id that does not resolve, at its file:line',
          },
        ],
        run: (tree) => checkReferences(tree, ruleIds()),
      },
    ],
    facts: [documentCitations, headingNamesOf],
  };
}
