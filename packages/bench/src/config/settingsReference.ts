import { AUDIT_FLAGS } from '@xai/audit/auditFlags';
import type { Setting, SettingBounds, SettingCommand } from './settings.js';
import { SETTING_COMMANDS, settingText, settingsOf } from './settings.js';

/** The lines around the generated part of docs/cli-reference.md. */
export const REFERENCE_BEGIN = '<!-- generated from src/config/settings.ts: do not edit by hand -->';
export const REFERENCE_END = '<!-- end of the generated part -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string): string => `\`${cell(text)}\``;

function boundsText(b: SettingBounds | undefined): string {
  return b === undefined ? '' : `${b.min}–${b.max.toLocaleString('en-US')}`;
}

function row(s: Setting, command: SettingCommand): string {
  const t = settingText(s, command);
  const flag = code(`${s.flag}${s.value === undefined ? '' : ` ${s.value}`}`) + (s.repeatable ? ' (repeatable)' : '');
  const key = command === 'bench' ? (s.key === undefined ? 'flag only' : code(s.key)) : undefined;
  const fallback = t.required ? 'required' : t.default === undefined ? '' : cell(t.default);
  const cells = [flag, ...(key === undefined ? [] : [key]), fallback, boundsText(s.bounds), cell(t.help)];
  return `| ${cells.join(' | ')} |`;
}

function commandTable(command: SettingCommand): string[] {
  const head =
    command === 'bench' ? ['flag', 'config key', 'default', 'bounds', 'what it does'] : ['flag', 'default', 'bounds', 'what it does'];
  return [
    `### \`xai ${command}\``,
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...settingsOf(command).map((s) => row(s, command)),
    '',
  ];
}

function auditTable(): string[] {
  const bounds = (f: (typeof AUDIT_FLAGS)[number]): string => {
    const b = f.bounds;
    if (b === undefined || f.kind !== 'number') return '';
    const lo = b.above !== undefined ? `> ${b.above}` : b.min !== undefined ? `${b.min}` : '';
    const hi = b.below !== undefined ? `< ${b.below}` : b.max !== undefined ? `${b.max.toLocaleString('en-US')}` : '';
    return lo && hi ? `${lo} … ${hi}` : lo || hi;
  };
  return [
    '### `xai audit` (the table of `@xai/audit`)',
    '',
    '| flag | applies to | bounds | what it does |',
    '| --- | --- | --- | --- |',
    ...AUDIT_FLAGS.map(
      (f) =>
        `| ${code(`${f.flag}${f.value ? ` <${f.value}>` : ''}`)} | ${f.modes === 'all' ? 'every mode' : cell(f.modes.join(', '))} | ${bounds(f)} | ${cell(f.help)} |`,
    ),
    '',
  ];
}

/**
 * The flag tables of docs/cli-reference.md, generated from the settings table (and the audit's
 * own table); a test fails when the page differs.
 * @since 0.3.0
 */
export function settingsReference(): string {
  return [REFERENCE_BEGIN, '', ...SETTING_COMMANDS.flatMap(commandTable), ...auditTable(), REFERENCE_END].join('\n');
}
