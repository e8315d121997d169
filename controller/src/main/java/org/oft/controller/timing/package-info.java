/**
 * Calibration of the timed optical model: node and injection phases that centre every node's stable
 * window on its inputs, the infeasibility report, and how often to recalibrate.
 */
package org.oft.controller.timing;
