import { describeEngine } from './journeys';
import { launchWebKit } from './webkit';
import { WEBKIT_DRIVER_PORT } from './settings';

describeEngine('WebKit', () => launchWebKit(WEBKIT_DRIVER_PORT));
