import type { EvalSeller } from '../types.js';
import { brazil } from './brazil.js';
import { elsewhere } from './elsewhere.js';
import { portugal } from './portugal.js';
import { spain } from './spain.js';

export const sellers: EvalSeller[] = [...portugal, ...brazil, ...spain, ...elsewhere];
