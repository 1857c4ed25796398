import { defineWidget } from '../mount';
import { CategoryMenu } from './CategoryMenu';

export default defineWidget(CategoryMenu);
