/**
 * A study run by a cluster of oftctl processes: membership (StudyCluster), the coordinator that leases points and
 * stores results (Coordinator), the workers that run them (Worker), every message sealed by the shared key (ClusterKey).
 */
package org.oft.controller.study.cluster;
