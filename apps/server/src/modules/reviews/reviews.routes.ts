import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessReviewsSchema,
  decideReviewHoldBodySchema,
  dealReviewParamsSchema,
  dealReviewsSchema,
  reviewBodySchema,
  reviewHoldsSchema,
  reviewReplyBodySchema,
  userIdParamsSchema,
} from '@maya/contracts';
import { requireActor, security } from '../../plugins/auth.js';
import { operatorOnly, operatorSecurity, requireOperator } from '../../plugins/operator-auth.js';
import { problems } from '../../plugins/problem.js';
import type { ReviewsService } from './reviews.service.js';

/**
 * Reviews after a completed deal: a deal's two people read and write theirs under
 * /deal-reviews/{id}, anyone who may see a business reads its published ones under
 * /users/{id}/reviews, and the console releases or removes a held deal's under /admin.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (
  app,
  { reviews },
) => {
  app.get(
    '/deal-reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "A deal's reviews as the caller, one of its two people, sees them",
        description:
          "Double-blind: the caller's own review always, the other side's only once both have written or the 14 days after completion have passed, and never while an operator holds the deal. Anyone else gets the 404 of an unknown deal.",
        params: dealReviewParamsSchema,
        response: { 200: dealReviewsSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => reviews.getDealReviews(requireActor(request), request.params.id),
  );

  app.put(
    '/deal-reviews/:id/mine',
    {
      schema: {
        tags: ['reviews'],
        summary: "Write or edit the caller's review of a completed deal (1 to 5 stars and words)",
        description:
          'Within 14 days of completion, until both reviews are published; then a review no longer changes. A deal not completed, a window closed or a review published is a 409; across a block, a 403.',
        params: dealReviewParamsSchema,
        body: reviewBodySchema,
        response: { 200: dealReviewsSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reviews.writeReview(requireActor(request), request.params.id, request.body),
  );

  app.post(
    '/deal-reviews/:id/reply',
    {
      schema: {
        tags: ['reviews'],
        summary: "The business's one reply to its client's published review",
        params: dealReviewParamsSchema,
        body: reviewReplyBodySchema,
        response: { 200: dealReviewsSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reviews.replyToReview(requireActor(request), request.params.id, request.body.text),
  );

  app.get(
    '/users/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A business's published reviews from its clients, newest first, and their average",
        security: security.optional,
        params: userIdParamsSchema,
        response: { 200: businessReviewsSchema, ...problems(400, 404) },
      },
    },
    async (request) => reviews.findBusinessReviews(request.actor, request.params.id),
  );

  const admin = { tags: ['admin'], security: operatorSecurity };
  const signedInOperator = { onRequest: operatorOnly() };

  app.get(
    '/admin/review-holds',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: 'Deals whose reviews wait for an operator: the two accounts may be one owner',
        response: { 200: reviewHoldsSchema, ...problems(401) },
      },
    },
    async (request) => reviews.findHolds(requireOperator(request)),
  );

  app.post(
    '/admin/review-holds/:id',
    {
      ...signedInOperator,
      schema: {
        ...admin,
        summary: "Release a held deal's reviews, or remove them",
        params: dealReviewParamsSchema,
        body: decideReviewHoldBodySchema,
        response: { 204: z.null(), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await reviews.decideHold(requireOperator(request), request.params.id, request.body.decision);
      return reply.code(204).send(null);
    },
  );
};
