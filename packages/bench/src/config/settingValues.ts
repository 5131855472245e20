// The value checks of the choice and list settings, read from their rows in the settings table:
// a new choice setting is a row with `choices`, and every command that takes it refuses a bad
// value in the same words, naming the values the row lists.
import { XaiError, describeValue } from '@xai/core';
import type { ChoiceKey, ChoiceOf, ListKey } from './settings.js';
import { settingOfKey } from './settings.js';

/** Who refuses a value: the command (`xai bench`, `xai explain`) and the argument as the user gave it. */
export interface SettingPlace {
  readonly fn: string;
  /** The flag or config key to name. @defaultValue the config key */
  readonly arg?: string;
}

const BENCH: SettingPlace = { fn: 'xai bench' };

/** `a`, `a or b`, `a, b or c`. */
function orList(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

function refusal(key: string, place: SettingPlace, message: string, value: unknown): XaiError {
  return new XaiError('BAD_OPTION', message, { fn: place.fn, arg: place.arg ?? key, value });
}

/**
 * One of a choice setting's values (an alias read as the value it names).
 * @example choiceSetting('precision', 'float32') // 'float32'
 * @since 0.3.0
 */
export function choiceSetting<K extends ChoiceKey>(key: K, raw: unknown, place: SettingPlace = BENCH): ChoiceOf<K> {
  const { choices = [], aliases = {} } = settingOfKey(key);
  const value = typeof raw === 'string' && Object.hasOwn(aliases, raw) ? aliases[raw] : raw;
  if (typeof value === 'string' && choices.includes(value)) return value as ChoiceOf<K>;
  const also = Object.entries(aliases).map(([from, to]) => `${from} = ${to}`);
  const aliasText = also.length > 0 ? ` (${also.join(', ')})` : '';
  throw refusal(key, place, `expected ${orList(choices)}${aliasText}, got ${describeValue(raw)}`, raw);
}

/**
 * Several of a list setting's values: a comma-separated text or an array, each name once, in the
 * row's order whatever order the user typed (a run's identity must not depend on it); `all` as
 * the row says.
 * @example listSetting('models', 'ann,lr') // ['lr', 'ann']
 * @since 0.3.0
 */
export function listSetting<K extends ListKey>(key: K, raw: unknown, place: SettingPlace = BENCH): (ChoiceOf<K> | 'all')[] {
  const { choices = [], list = {} } = settingOfKey(key);
  const given = typeof raw === 'string' && list.upperCase ? raw.toUpperCase() : raw;
  const items = typeof given === 'string' ? given.split(',') : Array.isArray(given) ? given : null;
  if (items === null || items.length === 0)
    throw refusal(key, place, `expected a comma-separated list or an array, got ${describeValue(raw)}`, raw);
  const picked = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string') throw refusal(key, place, `expected names, got ${describeValue(item)}`, item);
    const name = item.trim();
    if (name.toLowerCase() === 'all') {
      if (list.all === 'keep') picked.add('all');
      else for (const a of list.all ?? choices) picked.add(a);
    } else if (choices.includes(name)) picked.add(name);
    else throw refusal(key, place, `unknown name ${JSON.stringify(name)} (choose from ${[...choices, 'all'].join(', ')})`, name);
  }
  const order = [...choices, 'all'];
  return [...picked].sort((a, b) => order.indexOf(a) - order.indexOf(b)) as (ChoiceOf<K> | 'all')[];
}
