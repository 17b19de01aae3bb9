import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Hook = () => unknown;

/**
 * What the services need from the process that hosts them: a logger and the moments to start and stop their
 * background work. The server's host is its Fastify instance (its hooks run with `ready` and `close`); a command
 * run without a server gets a standalone host that never starts the background work and only stops it.
 */
export type ServiceHost = {
  log: FastifyBaseLogger;
  /** Background work starts (timers, workers, the mail sender): the server is ready. */
  onReady(hook: Hook): void;
  /** Before the job queue closes: running work is ended and handed back. */
  preClose(hook: Hook): void;
  onClose(hook: Hook): void;
};

export function fastifyHost(app: FastifyInstance): ServiceHost {
  return {
    log: app.log,
    onReady: (hook) => app.addHook('onReady', async () => void (await hook())),
    preClose: (hook) => app.addHook('preClose', async () => void (await hook())),
    onClose: (hook) => app.addHook('onClose', async () => void (await hook())),
  };
}

/** A command's host: nothing starts; `close` stops what the services opened, in the order Fastify would. */
export function standaloneHost(log: FastifyBaseLogger): ServiceHost & { close(): Promise<void> } {
  const preClose: Hook[] = [];
  const onClose: Hook[] = [];
  return {
    log,
    onReady: () => undefined,
    preClose: (hook) => preClose.push(hook),
    onClose: (hook) => onClose.push(hook),
    async close() {
      for (const hook of [...preClose, ...onClose]) await hook();
    },
  };
}
