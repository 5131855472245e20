// The peer definitions and defined-when phrases that metric infos share: each metric's info
// names its own peer and when its value is defined with these, so one wording serves all.
import type { MetricPeer } from '@xai/core';

/** OpenXAI's released function `name`, reproduced by the `openxai` preset. */
export const openxaiPeer = (name: string): MetricPeer => ({ library: 'OpenXAI', name, preset: 'openxai' });
/** Quantus' metric class `name`, reproduced by the `quantus` preset. */
export const quantusPeer = (name: string): MetricPeer => ({ library: 'Quantus', name: `quantus.${name}`, preset: 'quantus' });
/** Captum's `captum.metrics.<name>`, reproduced by the `captum` preset. */
export const captumPeer = (name: string): MetricPeer => ({ library: 'Captum', name: `captum.metrics.${name}`, preset: 'captum' });

export const ALWAYS = 'always (finite inputs)';
export const NONZERO = 'the attribution row is not all zero';
export const NOT_CONSTANT = 'neither correlated side is constant';
export const HAS_TOP = 'the ground truth marks at least one feature';
