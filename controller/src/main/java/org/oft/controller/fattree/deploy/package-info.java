/**
 * A fat tree's tables onto switch boards: {@link org.oft.controller.fattree.deploy.SwitchDeployment}
 * turns forwarding tables into hal board configurations (physical port numbering, LID blocks) and
 * deploys them through any {@link org.oft.hal.BoardBus}; {@link org.oft.controller.fattree.deploy.ElectricalBench}
 * is the modelled bench {@code serve --fabric fattree} runs. Used by the CLI and the fabric service.
 */
package org.oft.controller.fattree.deploy;
