/**
 * Who runs the boards: the controllers of a bench elect a master through ZooKeeper (MasterElection), the master claims
 * the boards (ServedClaim) and answers who owns them (OwnershipVerticle), a standby says it stands by (StandbyVerticle),
 * and they share one console token (SharedToken).
 */
package org.oft.controller.service.ownership;
