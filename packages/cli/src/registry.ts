import { INPUT_RULES } from '@openwop-spec/diagnostics';
import type { Gate } from '@openwop-spec/gate-api';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as declaration } from '@openwop-spec/gate-declaration';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { referencesGate } from '@openwop-spec/gate-references';
import { gate as scenarioMajors } from '@openwop-spec/gate-scenario-majors';
import { gate as schemas } from '@openwop-spec/gate-schemas';

/** Every rule id the tool defines: the references gate resolves a cited rule id against them. */
const ruleIds = (): ReadonlySet<string> =>
  new Set([...INPUT_RULES, ...GATES.flatMap((gate) => gate.rules)].map((rule) => rule.id));

/**
 * Every gate, in the order `check` and `gen` run and report them when no gate is named; gates named
 * on the command line run in the order given.
 */
export const GATES: readonly Gate[] = [
  coreBudget,
  normativeHome,
  scenarioMajors,
  declaration,
  schemas,
  referencesGate(ruleIds),
];
