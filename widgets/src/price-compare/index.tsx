import { defineWidget } from '../mount';
import { PriceCompare } from './PriceCompare';

export default defineWidget(PriceCompare);
