/**
 * What the controller builds the optical board model from: the fibre plant and clocks of a bench
 * file or of nominal values ({@link org.oft.controller.model.BoardModels}).
 */
package org.oft.controller.model;
