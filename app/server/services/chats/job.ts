import { createServiceContext, type AppServices } from '../../context.server';
import { startPeriodicJob } from '../../periodic-job.server';
import { requeueAllOverdue } from './assignment';
import { heartbeatWindows, settleWindows, sweepStaleWindows } from './windows';

/**
 * The chat job of a server process (issue 28), every `intervalMs`, one round at a time: refreshes this instance's
 * operator windows, takes away the presence of operators whose windows were on an instance that is gone, and puts
 * conversations whose visitor waited longer than the requeue time back into the queue (and to the next operator),
 * whether or not anybody reads the organisation's conversations meanwhile.
 */
export interface ChatJob {
  stop(): Promise<void>;
}

export async function runChatJob(app: AppServices): Promise<{ offline: number; requeued: number }> {
  await heartbeatWindows(app);
  const offline = await sweepStaleWindows(app);
  const requeued = await requeueAllOverdue(createServiceContext(app, null, 'EN'));
  return { offline, requeued };
}

export function startChatJob(app: AppServices, options: { intervalMs: number }): ChatJob {
  const job = startPeriodicJob('chats job', () => runChatJob(app), options);
  return {
    async stop() {
      await job.stop();
      await settleWindows(app);
    },
  };
}
