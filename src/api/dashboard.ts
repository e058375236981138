/** Usage: the chart's time series and the paged usage records (history reads the same records). */
import { bindCall } from './client';

export const timeRecord = bindCall('timeRecord');
export const usageRecordPage = bindCall('usageRecordPage');
