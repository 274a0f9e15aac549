import './track-page.css';
import { startTrackPage } from './track-page';

startTrackPage();
