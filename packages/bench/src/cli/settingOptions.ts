import type { Command } from 'commander';
import { Option } from 'commander';
import { XaiError } from '@xai/core';
import type { Setting, SettingCommand } from '../config/settings.js';
import { settingText, settingsOf } from '../config/settings.js';

/** The help line of a setting on one command: its text, then its default in brackets. */
export function settingHelp(s: Setting, command: SettingCommand): string {
  const t = settingText(s, command);
  return t.default === undefined ? t.help : `${t.help} [${t.default}]`;
}

/**
 * A value flag given twice is an error naming both values (commander would keep the last one
 * silently); a repeatable flag collects its values.
 */
function valueParser(s: Setting, fn: string): (value: string, previous: unknown) => unknown {
  if (s.repeatable) return (value, previous) => [...((previous as string[] | undefined) ?? []), value];
  return (value, previous) => {
    if (previous !== undefined)
      throw new XaiError(
        'BAD_OPTION',
        `given twice (${JSON.stringify(previous)}, then ${JSON.stringify(value)}); it takes one value: give it once`,
        { fn, arg: s.flag, value },
      );
    return value;
  };
}

/**
 * Adds the options of `command` from the settings table, in its order: help, default,
 * required-ness, repeatability and the refusal of a repeated value flag all come from the rows.
 * @since 0.3.0
 */
export function addSettings(target: Command, command: SettingCommand): Command {
  const fn = `xai ${command}`;
  for (const s of settingsOf(command)) {
    const option = new Option(s.value === undefined ? s.flag : `${s.flag} ${s.value}`, settingHelp(s, command));
    if (s.value !== undefined) option.argParser(valueParser(s, fn));
    if (settingText(s, command).required) option.makeOptionMandatory();
    target.addOption(option);
  }
  return target;
}
