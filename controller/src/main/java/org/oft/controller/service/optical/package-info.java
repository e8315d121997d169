/**
 * The optical fabric service: {@link org.oft.controller.service.optical.BenchVerticle} deploys the control
 * sequence, routing tables and slot phases, runs the slot clock, recalibrates and serves health,
 * faults and tables of the optical fat tree.
 */
package org.oft.controller.service.optical;
