/** What rule tests pass as the rule context: the default limits, as an analysis would. */
import { defaultLimits } from '../../server/src/limits';
import type { RuleContext } from '../../server/src/rules/rule';

export const ruleContext: RuleContext = { limits: defaultLimits };
