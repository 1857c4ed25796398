import { defineWidget } from '../mount';
import { ImageUpload } from './ImageUpload';

export default defineWidget(ImageUpload);
