import { describeEngine } from './journeys';
import { launchFirefox } from './firefox';

describeEngine('Firefox', launchFirefox);
