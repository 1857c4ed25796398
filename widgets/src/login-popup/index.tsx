import { defineWidget } from '../mount';
import { LoginPopup } from './LoginPopup';

export default defineWidget(LoginPopup);
