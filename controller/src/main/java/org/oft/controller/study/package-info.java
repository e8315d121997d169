/**
 * Studies: declarative experiments (a study file's cartesian product of fabrics, engines, traffic, loads, seeds and
 * flit options, plus analyses) run as independent points, embedded on this machine's cores, on a Vert.x cluster of
 * workers, or as Slurm shards, each point stored exactly once in an SQLite file keyed by the hash of its
 * configuration.
 */
package org.oft.controller.study;
