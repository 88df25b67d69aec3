import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What follows new closes, without the securities module knowing who acts on them: a module that
 * must react (the recommendations' drift check) registers a listener when the app starts, and a
 * price import tells the listeners once its closes are committed.
 */

/** Acts on the securities whose latest close moved; answers the rebalance recommendations it raised. */
export type ClosesMovedListener = (request: FastifyRequest, securityIds: readonly string[]) => Promise<number>;

export type MarketEvents = {
  onClosesMoved: (listener: ClosesMovedListener) => void;
  /** Runs the listeners one after another; answers the rebalance recommendations they raised together. */
  closesMoved: (request: FastifyRequest, securityIds: readonly string[]) => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    marketEvents: MarketEvents;
  }
}

export const marketEvents = fp(async (app) => {
  const listeners: ClosesMovedListener[] = [];
  const events: MarketEvents = {
    onClosesMoved: (listener) => void listeners.push(listener),
    closesMoved: async (request, securityIds) => {
      let raised = 0;
      for (const listener of listeners) raised += await listener(request, securityIds);
      return raised;
    },
  };
  app.decorate('marketEvents', events);
});
