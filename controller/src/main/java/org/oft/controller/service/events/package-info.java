/**
 * The event log: every change asked of the controller and every alarm, published on one address and kept in order by
 * its one writer (EventsVerticle, EventLog); threshold alerts (AlertWatch) turn readings into events.
 */
package org.oft.controller.service.events;
