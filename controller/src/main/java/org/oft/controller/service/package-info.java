/**
 * The running controller (Vert.x): {@link org.oft.controller.service.ControllerApp} starts one fabric
 * verticle (optical in {@code optical}, electrical in {@code fattree}) and the console server
 * ({@code http}); they talk only over the event bus, at the addresses of
 * {@link org.oft.controller.service.Addresses}. {@code boards} says where the boards are. Start at
 * ControllerApp; docs/architecture.md draws the threads and who writes what.
 */
package org.oft.controller.service;
