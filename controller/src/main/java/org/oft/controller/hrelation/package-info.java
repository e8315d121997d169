/**
 * h-relations on the optical fat tree: a set of messages where each processor sends and receives at
 * most h, scheduled into slots of the systolic routing (Honkanen, 004) and run on the slot model.
 */
package org.oft.controller.hrelation;
