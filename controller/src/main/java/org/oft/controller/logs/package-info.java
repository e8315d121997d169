/**
 * The controller's own logging set-up, below every layer that logs: what the embedded libraries (ZooKeeper,
 * Curator, Hazelcast) may say.
 */
package org.oft.controller.logs;
