/**
 * The optical fabric service, shaped as the fat tree's: {@link org.oft.controller.service.optical.BenchVerticle}
 * only wires event-bus addresses to the classes of one concern each: OpticalDeployer (the control sequence, routing
 * tables and slot phases deployed, recalibration), OpticalTelemetry (the boards' records, metrics, resets),
 * OpticalFaults (the model's faults) and OpticalQueries (tables, drill-downs, health).
 */
package org.oft.controller.service.optical;
