/**
 * Who runs the boards: the controllers of a bench elect a master through ZooKeeper (MasterElection), the master claims
 * the boards (ServedClaim) and answers who owns them (OwnershipVerticle), a standby says it stands by (StandbyVerticle),
 * a master whose session ended with the ensemble away holds the boards read-only (ReadOnlyHold), the fencing
 * generation's counter and the master's copy of its deploy are kept in the ensemble (ElectionRecords), and they share
 * one console token (SharedToken).
 */
package org.oft.controller.service.ownership;
