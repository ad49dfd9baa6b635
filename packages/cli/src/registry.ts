import type { Gate } from '@openwop-spec/gate-api';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { gate as scenarioMajors } from '@openwop-spec/gate-scenario-majors';
import { gate as declaration } from '@openwop-spec/gate-declaration';
import { gate as schemas } from '@openwop-spec/gate-schemas';

/**
 * Every gate, in the order `check` and `gen` run and report them when no gate is named; gates named
 * on the command line run in the order given.
 */
export const GATES: readonly Gate[] = [coreBudget, normativeHome, scenarioMajors, declaration, schemas];
