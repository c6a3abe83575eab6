import { type AnyTier, CONTRACT_KINDS, tiersProblem } from '@tessera/contract/agent-contracts';
import { listModIds } from '@tessera/contract/features';
import { SETTINGS_SCHEMAS, type Settings, type SettingsKey } from '@tessera/contract/settings';
import ipaddr from 'ipaddr.js';
import safeRegex from 'safe-regex2';
import { Compile } from 'typebox/compile';

const checkers = Object.fromEntries(Object.entries(SETTINGS_SCHEMAS).map(([key, schema]) => [key, Compile(schema)])) as {
  [K in SettingsKey]: ReturnType<typeof Compile>;
};

/** Operator regexes are matched against player input: a catastrophic-backtracking pattern would be a DoS. */
export function problemsWithPattern(pattern: string): string | null {
  if (pattern === '*') return null;
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern, 'u');
  } catch (error) {
    return `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`;
  }
  return safeRegex(compiled) ? null : `pattern ${JSON.stringify(pattern)} can backtrack catastrophically`;
}

export function isValidCidr(cidr: string): boolean {
  try {
    ipaddr.parseCIDR(cidr);
    return true;
  } catch {
    return false;
  }
}

/** Each reason starts with the path of the field it concerns, as the schema's do, so a form can show it beside it. */
const semanticChecks: { [K in SettingsKey]?: (value: Settings[K]) => string[] } = {
  registerRules: (rules) =>
    Object.entries(rules).flatMap(([field, rule]) => {
      const problems: string[] = [];
      if (rule.minLength > rule.maxLength)
        problems.push(`/${field}/minLength ${field}: minLength ${rule.minLength} exceeds maxLength ${rule.maxLength}`);
      if (rule.required && !rule.shown) problems.push(`/${field}/shown ${field}: a required field must be shown`);
      const patternProblem = problemsWithPattern(rule.acceptedPattern);
      if (patternProblem) problems.push(`/${field}/acceptedPattern ${field}: ${patternProblem}`);
      return problems;
    }),
  region: (policy) =>
    (['allowCidrs', 'denyCidrs'] as const).flatMap((list) =>
      policy[list].flatMap((cidr, index) => (isValidCidr(cidr) ? [] : [`/${list}/${index} not a CIDR range: ${cidr}`])),
    ),
  whitelabel: (tree) => {
    const ids = listModIds(tree);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    return duplicates.length ? [`/ duplicate modId: ${[...new Set(duplicates)].join(', ')}`] : [];
  },
  product: (product) => {
    const problems: string[] = [];
    if (!product.supportLanguages.includes(product.defaultLang)) {
      problems.push(`/defaultLang defaultLang ${product.defaultLang} is not in supportLanguages`);
    }
    if (new Set(product.supportLanguages).size !== product.supportLanguages.length)
      problems.push('/supportLanguages supportLanguages has duplicates');
    return problems;
  },
  domainRoutes: (routes) => (routes.filter((route) => route.isMain).length > 1 ? ['/ more than one main domain'] : []),
  vip: (vip) => {
    const problems: string[] = [];
    const first = vip.levels[0];
    if (first && (first.minDepositMinor !== '0' || first.minValidBetMinor !== '0'))
      problems.push('/levels/0 the first level is everyone’s start: its thresholds must be 0');
    const names = vip.levels.map((level) => level.name);
    if (new Set(names).size !== names.length) problems.push('/levels level names must differ');
    return problems;
  },
  agentContracts: (limits) => {
    const problems = CONTRACT_KINDS.flatMap((kind) => {
      const template = limits[kind].template as AnyTier[];
      const problem = template.length ? tiersProblem(kind, template) : null;
      return problem ? [`/${kind}/template ${kind} template: ${problem} (tiers rise, rates 0.01–100 %)`] : [];
    });
    if (new Set(limits.dividend.periods).size !== limits.dividend.periods.length)
      problems.push('/dividend/periods dividend periods has duplicates');
    return problems;
  },
};

/** Returns every reason the value cannot be stored under `key`; empty when it is acceptable. */
export function settingProblems<K extends SettingsKey>(key: K, value: unknown): string[] {
  const checker = checkers[key];
  if (!checker.Check(value)) {
    return checker
      .Errors(value)
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message}`);
  }
  const semantic = semanticChecks[key] as ((v: Settings[K]) => string[]) | undefined;
  return semantic ? semantic(value as Settings[K]) : [];
}
