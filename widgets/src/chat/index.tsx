import { defineWidget } from '../mount';
import { Chat } from './Chat';

export default defineWidget(Chat);
