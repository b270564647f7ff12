import type { EvalSeller } from '../types.js';
import { brazil } from './brazil.js';
import { elsewhere } from './elsewhere.js';
import { portugal } from './portugal.js';
import { priced } from './priced.js';
import { spain } from './spain.js';

export const sellers: EvalSeller[] = [...portugal, ...brazil, ...spain, ...elsewhere, ...priced];
